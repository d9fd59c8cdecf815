import { Input, Label, TextField } from "react-aria-components";
import type { TextQuestion as TextQuestionData } from "../../form/catalogue-types";
import { questionLengthLimit } from "../../form/engine/answer-limits";
import { Description, ErrorMessage, RequiredMark } from "./field-parts";
import { useFieldErrors, useFieldEvents } from "./use-field-errors";
import { useQuestionAnswer } from "./use-form-answers";
import { useZipAssist } from "./use-zip-assist";
import { ZipCityOffer } from "./zip-city-offer";

/** A one-line text answer; the input's id is the question key, so /{page}#{key} lands on it. */
export function TextQuestion({ question, required }: { question: TextQuestionData; required: boolean }) {
  const [value, setValue] = useQuestionAnswer(question.key);
  const errors = useFieldErrors([question.key]);
  const events = useFieldEvents([question.key]);
  const zipAssist = useZipAssist(question.key);
  return (
    <>
      <TextField
        id={question.key}
        className="field"
        value={value}
        onChange={(next) => {
          setValue(next);
          zipAssist?.onChange(next);
        }}
        onBlur={events.left}
        maxLength={questionLengthLimit(question)}
        autoComplete={question.autoComplete ?? "off"}
        inputMode={question.inputMode}
        isInvalid={errors.length > 0}
        isRequired={required}
        validationBehavior="aria"
      >
        <Label className="field__label">
          {question.label}
          <RequiredMark required={required} />
        </Label>
        <Description text={question.description} />
        <Input className={`field__input field__input--${question.variant ?? "outlined"}`} />
        <ErrorMessage errors={errors} keys={[question.key]} />
      </TextField>
      {zipAssist ? <ZipCityOffer assist={zipAssist} zipKey={question.key} /> : null}
    </>
  );
}
