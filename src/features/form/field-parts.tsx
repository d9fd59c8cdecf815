import { FieldError, Text } from "react-aria-components";
import { catalogueText } from "../../i18n/translations";
import { UndoRefusedChange } from "./undo-refused-change";

/**
 * The visible mark of a required question, after its label (decision 0016). Hidden from assistive
 * technology, which is told by the control's own required state (`isRequired`) instead.
 */
export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="field__required" aria-hidden="true">
      {" *"}
    </span>
  ) : null;
}

/** A field's help text, linked to the control through aria-describedby by the React Aria field. */
export function Description({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <Text slot="description" className="field__description">
      {text}
    </Text>
  );
}

/**
 * A field's errors, inside a React Aria field: linked to the control through aria-describedby
 * while they show (the control then carries aria-invalid), and read with it when the applicant
 * reaches the field. They start with a hidden "Error:" so that a message which is the question's
 * own text is not heard as a second label. They are not a live region: the page announces a new
 * error once (decision 0016). For an answer the server refused ("Not saved: …"), a button after
 * them undoes the change.
 */
export function ErrorMessage({ errors, keys }: { errors: readonly string[]; keys: readonly string[] }) {
  return (
    <>
      <div className="field__error-region">
        <FieldError className="field__error">
          <span className="visually-hidden">Error: </span>
          {errors.map((error) => (
            <span key={error} className="field__error-line">
              {/* A server's refusal ("Not saved: …") in the page's language when the catalogue knows
                it (the question re-renders with its translated words when the language changes). */}
              {catalogueText(error)}
            </span>
          ))}
        </FieldError>
      </div>
      <UndoRefusedChange keys={keys} />
    </>
  );
}
