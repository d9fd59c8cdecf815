import { CheckboxButton, CheckboxField } from "react-aria-components";
import type { CheckboxQuestion as CheckboxQuestionData } from "../../form/catalogue-types";
import { Description, ErrorMessage, RequiredMark } from "./field-parts";
import { useFieldErrors, useFieldEvents } from "./use-field-errors";
import { useQuestionAnswer } from "./use-form-answers";

/** A checkbox storing "true" / "false" (spec §4: a checkbox toggles true/false). */
export function CheckboxQuestion({
  question,
  required,
}: {
  question: CheckboxQuestionData;
  required: boolean;
}) {
  const [value, setValue] = useQuestionAnswer(question.key);
  const errors = useFieldErrors([question.key]);
  const events = useFieldEvents([question.key]);
  return (
    <CheckboxField
      id={question.key}
      className="field field--checkbox"
      isSelected={value === "true"}
      onChange={(selected) => {
        setValue(selected ? "true" : "false");
        events.committed();
      }}
      onBlur={events.left}
      isInvalid={errors.length > 0}
      isRequired={required}
      validationBehavior="aria"
    >
      <CheckboxButton className="checkbox">
        <span className="checkbox__box" aria-hidden="true">
          <svg viewBox="0 0 18 18" width="18" height="18" aria-hidden="true">
            <polyline points="3,9.5 7,13.5 15,5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        </span>
        <span className="checkbox__label">
          {question.label}
          <RequiredMark required={required} />
        </span>
      </CheckboxButton>
      <Description text={question.description} />
      <ErrorMessage errors={errors} keys={[question.key]} />
    </CheckboxField>
  );
}
