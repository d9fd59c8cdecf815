import { FieldError, Input, Label, Text, TextField } from "react-aria-components";
import type { TextQuestion as TextQuestionData } from "../../form/catalogue-types";
import { DEFAULT_TEXT_MAX } from "../../shared/constants";
import { useAnswer } from "../answers/use-answer";

/** A one-line text answer; the input's id is the question key, so /{page}#{key} lands on it. */
export function TextQuestion({ question }: { question: TextQuestionData }) {
  const [value, setValue] = useAnswer(question.key);
  return (
    <TextField
      id={question.key}
      className="field"
      value={value}
      onChange={setValue}
      maxLength={question.maxLength ?? DEFAULT_TEXT_MAX}
      autoComplete={question.autoComplete ?? "off"}
    >
      <Label className="field__label">{question.label}</Label>
      {question.description ? (
        <Text slot="description" className="field__description">
          {question.description}
        </Text>
      ) : null}
      <Input className="field__input" />
      <FieldError className="field__error" />
    </TextField>
  );
}
