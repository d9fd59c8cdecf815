import { FieldError, Text } from "react-aria-components";
import { UndoRefusedChange } from "./undo-refused-change";

/** A field's help text, linked to the control through aria-describedby by the React Aria field. */
export function Description({ text }: { text: string | undefined }) {
  return text ? (
    <Text slot="description" className="field__description">
      {text}
    </Text>
  ) : null;
}

/**
 * A field's errors, inside a React Aria field: linked to the control through aria-describedby
 * while they show (the control then carries aria-invalid). They sit in a polite live region that
 * is always present, so a new error is announced once without interrupting anything. For an
 * answer the server refused ("Not saved: …"), a button after them undoes the change.
 */
export function ErrorMessage({ errors, keys }: { errors: readonly string[]; keys: readonly string[] }) {
  return (
    <>
      <div className="field__error-region" aria-live="polite">
        <FieldError className="field__error">
          {errors.map((error) => (
            <span key={error} className="field__error-line">
              {error}
            </span>
          ))}
        </FieldError>
      </div>
      <UndoRefusedChange keys={keys} />
    </>
  );
}
