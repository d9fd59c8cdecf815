// The account menu's words (spec §2), as ICU messages in English; their Spanish is in
// shell.es.json beside this file (issue 35). Loaded with the menu, never by a first screen.
export const close = "Close";
export const staySignedIn = "Stay signed in";
export const logOutAnyway = "Log out anyway";
export const logOutAction = "Log Out";
export const signInAction = "Sign In";
export const createAccountAction = "Create Account";
