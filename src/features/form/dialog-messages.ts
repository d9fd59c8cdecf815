// The words of the form pages' dialogs (a block's removal, a tab switch), as ICU messages in
// English; their Spanish is dialogs.es.json beside this file (issue 35). Loaded with the dialogs,
// never by a first screen.
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

// A tab switch's confirmation and undo (src/features/documents/tab-switch-guard.tsx).
export const switchQuestion = "Switch to “{tab}”?";
export const choosingDeletes = "Choosing “{tab}” deletes {summary}. You can undo this right after.";
export const deleteAndSwitch = "Delete and switch";
export const undo = "Undo";
export const canUndo = "{sentence} You can undo this under the tabs.";
export const undone = "Undone: “{tab}” is back with what it held.";
export const yourFileFor = "your file for “{label}”";
export const whatYouWrote = "what you wrote for “{label}” ({characters})";
export const yourAnswerTo = "your answer to “{label}”";
export const listAndLast = "{list} and {last}";
export const wasDeleted = "{summary} was deleted.";
export const wereDeleted = "{summary} were deleted.";
/** Spanish only: English counts characters in code (no plural on the first screen's formatter). */
export const characterCount = "{count, plural, one {# character} other {# characters}}";
