// The words for answers the server refused, naming their questions. Loaded when needed: it reads
// the whole catalogue for the labels.
import { indexCatalogue } from "../../form/engine/catalogue-index";
import { formPages } from "../../form/pages/form-pages";
import { catalogueText } from "../../i18n/translations";

/** The questions of refused answer keys (a `_desc` companion is its question's), once each. */
export function refusedQuestionLabels(keys: readonly string[]): string[] {
  const { byKey } = indexCatalogue(formPages);
  const labels = keys.map((key) => {
    const question = byKey.get(key)?.question ?? byKey.get(key.replace(/_desc$/, ""))?.question;
    // The label the applicant reads (the sentence around it is shown in their language where shown).
    return question ? catalogueText(question.label) : key;
  });
  return [...new Set(labels)];
}

/** After "Save and continue": which answers were not saved and what to do. */
export function refusedOnSaveMessage(keys: readonly string[]): string {
  const labels = refusedQuestionLabels(keys).join("; ");
  return `Some answers were not saved: ${labels}. They are marked "Not saved": change them to save them again, or undo the change.`;
}

/** After "Submit application": nothing was submitted, and why. */
export function refusedOnSubmitMessage(keys: readonly string[]): string {
  const labels = refusedQuestionLabels(keys).join("; ");
  return `Your application has not been submitted: some answers were not saved (${labels}). They are marked "Not saved": change them or undo the change, then submit again.`;
}
