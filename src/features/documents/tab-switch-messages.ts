// The words of a tab switch's confirmation and undo (tab-switch-guard.tsx), as ICU messages in
// English; their Spanish is src/features/form/dialogs.es.json, with a block removal's (issue 35).
// A few are a block removal's words too, kept here as well so that the two load apart.
export const keep = "Keep";
export const ok = "OK";
export const yourFile = "your file {file}";
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
