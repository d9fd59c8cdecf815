import { useMemo } from "react";
import type {
  ConditionalSelectQuestion,
  OptionSource,
  SelectQuestion as SelectQuestionData,
} from "../../form/catalogue-types";
import { resolveOptions } from "../../form/options/resolve-options";
import { Description, ErrorMessage } from "./field-parts";
import { SelectControl } from "./select-control";
import { useFieldErrors, useFieldEvents } from "./use-field-errors";
import { useQuestionAnswer } from "./use-form-answers";

const NO_OPTIONS: OptionSource = { options: [] };

/** A select, or a conditional select whose options follow its controlling answer (spec §4). */
export function SelectQuestion({
  question,
  required,
}: {
  question: SelectQuestionData | ConditionalSelectQuestion;
  required: boolean;
}) {
  const [value, setValue] = useQuestionAnswer(question.key);
  // Only a conditional select in displayAndOptions mode reads its controller here.
  const [controller] = useQuestionAnswer(
    question.kind === "conditionalSelect" && question.mode === "displayAndOptions"
      ? question.controllerKey
      : "",
  );
  const source = sourceOf(question, controller);
  const options = useMemo(() => resolveOptions(source, new Date()), [source]);
  const errors = useFieldErrors([question.key]);
  const events = useFieldEvents([question.key]);
  return (
    <SelectControl
      id={question.key}
      label={question.label}
      options={options}
      value={value}
      // No label: the answer writer takes `_desc` from the English catalogue, in every language.
      onChange={(next) => {
        setValue(next);
        events.committed();
      }}
      onBlur={events.left}
      isInvalid={errors.length > 0}
      isRequired={required}
      autoComplete={question.kind === "select" ? question.autoComplete : undefined}
      beforeButton={<Description text={question.description} />}
    >
      <ErrorMessage errors={errors} keys={[question.key]} />
    </SelectControl>
  );
}

function sourceOf(
  question: SelectQuestionData | ConditionalSelectQuestion,
  controller: string,
): OptionSource {
  if (question.kind === "select" || question.mode === "displayOnly") return question.options as OptionSource;
  return (question.options as Readonly<Record<string, OptionSource>>)[controller] ?? NO_OPTIONS;
}
