import { useLayoutEffect, useRef } from "react";
import { Input, Label, TextField } from "react-aria-components";
import type { PhoneQuestion, SsnQuestion } from "../../form/catalogue-types";
import { Description, ErrorMessage, RequiredMark } from "./field-parts";
import { applyMaskedEdit, formatForMask, type Mask, PHONE_MASK, SSN_MASK } from "./masked-input";
import { useFieldErrors, useFieldEvents } from "./use-field-errors";
import { useQuestionAnswer } from "./use-form-answers";

/**
 * A masked input (spec §5): the phone "(AAA) BBB-CCCC" or the SSN-style "123-45-6789", formatted
 * as digits are typed or pasted, with the caret kept after the digit it followed.
 */
export function MaskedQuestion({
  question,
  required,
}: {
  question: PhoneQuestion | SsnQuestion;
  required: boolean;
}) {
  const mask: Mask = question.kind === "phone" ? PHONE_MASK : SSN_MASK;
  const [stored, setValue] = useQuestionAnswer(question.key);
  const errors = useFieldErrors([question.key]);
  const events = useFieldEvents([question.key]);
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const forward = useRef(false);
  const value = formatForMask(stored, mask);

  // After React writes the formatted value, put the caret back where the edit left it.
  useLayoutEffect(() => {
    const input = inputRef.current;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (input && caret !== null && document.activeElement === input) input.setSelectionRange(caret, caret);
  });

  return (
    <TextField
      id={question.key}
      className="field"
      value={value}
      onChange={(raw) => {
        const caret = inputRef.current?.selectionStart ?? raw.length;
        const edit = applyMaskedEdit(value, raw, caret, mask, forward.current ? "forward" : "backward");
        pendingCaret.current = edit.caret;
        if (edit.value === value && inputRef.current) {
          // Nothing to store (e.g. a letter typed): undo the browser's change at once.
          inputRef.current.value = value;
          inputRef.current.setSelectionRange(edit.caret, edit.caret);
        }
        setValue(edit.value);
      }}
      onKeyDown={(event) => {
        forward.current = event.key === "Delete";
        event.continuePropagation();
      }}
      onBlur={events.left}
      autoComplete={question.kind === "phone" ? (question.autoComplete ?? "tel-national") : "off"}
      inputMode={question.kind === "phone" ? "tel" : "numeric"}
      type={question.kind === "phone" ? "tel" : "text"}
      isInvalid={errors.length > 0}
      isRequired={required}
      validationBehavior="aria"
    >
      <Label className="field__label">
        {question.label}
        <RequiredMark required={required} />
      </Label>
      <Description text={question.description} />
      <Input
        ref={inputRef}
        className="field__input field__input--masked"
        placeholder={question.kind === "phone" ? "(555) 555-5555" : "123-45-6789"}
      />
      <ErrorMessage errors={errors} keys={[question.key]} />
    </TextField>
  );
}
