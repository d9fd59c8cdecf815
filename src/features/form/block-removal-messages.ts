// The words of a block's removal (its dialogs and what is said after), as ICU messages in English;
// their Spanish is dialogs.es.json beside this file, with the tab switch's
// (src/features/documents/tab-switch-messages.ts) (issue 35). Loaded with the dialogs, never by a
// first screen, and apart from the tab switch's, so that neither is a file of its own.
export const notRemoved = "“{name}” was not removed";
export const cannotRemoveYet = "“{name}” cannot be removed yet";
export const fileStaysWithBlock =
  "A file stays with its own block, and a later block holds one. Remove the later blocks first, then “{name}”.";
export const removeQuestion = "Remove “{name}”?";
export const removingDeletes = "Removing “{name}” deletes {what}.";
export const blocksMoveUp = "The blocks after it move up.";
export const itsAnswers = "its answers";
export const yourFile = "your file {file}";
export const itsFile = "its file";
export const bothDeleted = "{first} and {second}";
export const deletionRefused =
  "This browser refused to record the deletion of its file on this device. Nothing was removed; please try again.";
export const removed = "“{name}” removed.";
export const remove = "Remove";
export const keep = "Keep";
export const ok = "OK";
