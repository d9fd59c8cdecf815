// The inactivity warning's words (spec §2), as ICU messages in English; their Spanish is in
// src/features/shell/shell.es.json (issue 35). Loaded with the guard, never by a first screen.
export const stillWorking = "Still working?";
export const inactiveWarning =
  "You've been inactive for a while. For your security you will be logged out in 1 minute. Your answers are saved on this device.";
export const continueWorking = "Continue";
export const logout = "Logout";
