import { useMemo } from "react";
import { Label, Radio, RadioGroup } from "react-aria-components";
import type { RadioQuestion as RadioQuestionData } from "../../form/catalogue-types";
import { resolveOptions } from "../../form/options/resolve-options";
import { Description, ErrorMessage, RequiredMark } from "./field-parts";
import { useFieldErrors, useFieldEvents } from "./use-field-errors";
import { useQuestionAnswer } from "./use-form-answers";

/** Short lists (Yes / No) sit on one line. */
const INLINE_MAX = 3;

/** A radio group: choosing replaces the value and its `_desc` (spec §4). */
export function RadioQuestion({ question, required }: { question: RadioQuestionData; required: boolean }) {
  const [value, setValue] = useQuestionAnswer(question.key);
  const errors = useFieldErrors([question.key]);
  const events = useFieldEvents([question.key]);
  // Every option but the empty "--" one.
  const options = useMemo(
    () => resolveOptions(question.options, new Date()).filter((option) => option.value !== ""),
    [question.options],
  );
  const inline = options.length <= INLINE_MAX && options.every((option) => option.label.length <= 12);
  return (
    <RadioGroup
      id={question.key}
      className="field"
      value={value === "" ? null : value}
      onChange={(next) => {
        // No label: the answer writer takes `_desc` from the English catalogue, in every language.
        setValue(next);
        events.committed();
      }}
      onBlur={events.left}
      orientation={inline ? "horizontal" : "vertical"}
      isInvalid={errors.length > 0}
      isRequired={required}
      validationBehavior="aria"
    >
      <Label className="field__label">
        {question.label}
        <RequiredMark required={required} />
      </Label>
      <Description text={question.description} />
      <div className={inline ? "radio-list radio-list--inline" : "radio-list"}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} className="radio">
            {option.label}
          </Radio>
        ))}
      </div>
      <ErrorMessage errors={errors} keys={[question.key]} />
    </RadioGroup>
  );
}
