// The shell's words (header, steps, welcome banner, footer, language switch) as ICU messages in
// English, the specification's; their Spanish is shell.es.json beside this file (issue 35). A
// component shows one with `t(shellMessages.help)` from useLanguage.
export const shellMessages = {
  applicationHome: "application home",
  account: "Account",
  applicationSteps: "Application steps",
  stepOne: "Step One",
  stepTwo: "Step Two",
  stepThree: "Step Three",
  requiredNoteBefore: "Questions marked with an asterisk (",
  requiredNoteAfter: ") are required.",
  welcome: "Welcome!",
  hello: "Hello!",
  welcomeBack: "Welcome Back!",
  noFee: "There is no application fee to apply to {host}.",
  startRightAway: "You can start right away; your answers are kept on this device.",
  createAccount: "Create an account",
  toSaveOnline: "to save them online and submit, or",
  signIn: "sign in",
  ifYouHaveOne: "if you already have one.",
  continueElsewhere: "Started here but want to finish on your phone or another computer?",
  helloText: "Thank you for starting your application for {term}. {fee}",
  welcomeBackText:
    "Good to see you again. {fee} Finish your remaining steps and submit your application soon.",
  month: "Month",
  year: "Year",
  help: "Help",
  privacy: "Privacy",
  languageError: "Language Error",
  languageNotLoaded: "The page could not be shown in {language}. Check your connection and try again.",
} as const;

/** The step names of FORM_PAGES (shared/routes.ts), whose English they are. */
export const stepMessages: Readonly<Record<string, string>> = {
  "Step One": shellMessages.stepOne,
  "Step Two": shellMessages.stepTwo,
  "Step Three": shellMessages.stepThree,
};
