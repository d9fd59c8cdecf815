// The words of the form pages' actions, as ICU messages in English, the specification's; their
// Spanish is in src/features/shell/shell.es.json (issue 35). Beside the code that shows them, not
// in the shell's module; the completion page's and the PDF link's are in their own files, so the
// form pages' first screen carries only these.
export const backTo = "Back to {title}";
export const saveAndContinue = "Save and continue";
export const submitApplication = "Submit application";
