// The shell's words (header, steps, welcome banner, footer, language switch) as ICU messages in
// English, the specification's; their Spanish is shell.es.json beside this file (issue 35). A
// component shows one with `t(m.help)` (`import * as m`): named constants, which the minifier
// shortens, where an object's property names would stay on the first screen.
export const applicationHome = "application home";
export const account = "Account";
export const applicationSteps = "Application steps";
/** The step names of FORM_PAGES (shared/routes.ts), which the step links show as they are: `t(page.step)`. */
export const stepOne = "Step One";
export const stepTwo = "Step Two";
export const stepThree = "Step Three";
export const requiredNoteBefore = "Questions marked with an asterisk (";
export const requiredNoteAfter = ") are required.";
export const welcome = "Welcome!";
export const hello = "Hello!";
export const welcomeBack = "Welcome Back!";
export const noFee = "There is no application fee to apply to {host}.";
export const startRightAway = "You can start right away; your answers are kept on this device.";
export const createAccount = "Create an account";
export const toSaveOnline = "to save them online and submit, or";
export const signIn = "sign in";
export const ifYouHaveOne = "if you already have one.";
export const continueElsewhere = "Started here but want to finish on your phone or another computer?";
export const helloText = "Thank you for starting your application for {term}. {fee}";
export const welcomeBackText =
  "Good to see you again. {fee} Finish your remaining steps and submit your application soon.";
/** Why a visitor's step links go to create an account (WCAG 2.4.4, issue 37): said under them. */
export const stepLinksToSignup =
  "To go to another step, create an account: what you've typed comes with you.";
export const month = "Month";
export const year = "Year";
export const help = "Help";
export const privacy = "Privacy";
export const languageError = "Language Error";
export const languageNotLoaded =
  "The page could not be shown in {language}. Check your connection and try again.";
