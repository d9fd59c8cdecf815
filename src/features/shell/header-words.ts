// The skip link's and the header's save state's own words, as messages in English; their Spanish
// is in shell.es.json beside this file (issue 35). In the start-up's file, with what uses them.
export const skipToMain = "Skip to main content";
export const fixIt = "Fix it";
export const fixThem = "Fix them";
export const tryAgain = "Try again";
export const mayBeCleared =
  "(this browser may clear it if the device runs out of space: create an account to keep it safe)";
