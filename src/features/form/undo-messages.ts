// The button beside a refused answer (issue 30), in English; its Spanish is in shell.es.json (issue
// 35). Its failure's toast words are the notices'.
export const undoThisChange = "Undo this change";
export const changeNotUndone = "Your change was not undone";
