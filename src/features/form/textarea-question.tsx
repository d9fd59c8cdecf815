import { Label, TextArea, TextField } from "react-aria-components";
import type { TextareaQuestion as TextareaQuestionData } from "../../form/catalogue-types";
import { questionLengthLimit } from "../../form/engine/answer-limits";
import { Description, ErrorMessage, RequiredMark } from "./field-parts";
import { useFieldErrors, useFieldEvents } from "./use-field-errors";
import { useQuestionAnswer } from "./use-form-answers";

const DEFAULT_ROWS = 6;

/** The counter speaks (politely) only from this share of the limit on, not on every keystroke. */
const ANNOUNCE_FROM = 0.9;

/** A long answer with its "Character count: n / limit" (spec §5, §9), which describes the field. */
export function TextareaQuestion({
  question,
  required,
}: {
  question: TextareaQuestionData;
  required: boolean;
}) {
  const [value, setValue] = useQuestionAnswer(question.key);
  const errors = useFieldErrors([question.key]);
  const events = useFieldEvents([question.key]);
  const limit = questionLengthLimit(question);
  const nearLimit = value.length >= Math.floor(limit * ANNOUNCE_FROM);
  const counterId = `${question.key}-counter`;
  return (
    <TextField
      id={question.key}
      className="field"
      value={value}
      onChange={setValue}
      onBlur={events.left}
      maxLength={limit}
      isInvalid={errors.length > 0}
      isRequired={required}
      validationBehavior="aria"
      // The counter describes the text area (read with it), besides its help text and errors.
      aria-describedby={counterId}
    >
      <Label className="field__label">
        {question.label}
        <RequiredMark required={required} />
      </Label>
      <Description text={question.description} />
      <TextArea className="field__input field__input--textarea" rows={question.rows ?? DEFAULT_ROWS} />
      <p
        id={counterId}
        className={nearLimit ? "field__counter field__counter--near" : "field__counter"}
        aria-live={nearLimit ? "polite" : "off"}
      >
        Character count: {value.length} / {limit}
      </p>
      <ErrorMessage errors={errors} keys={[question.key]} />
    </TextField>
  );
}
