// The footer's Help and Privacy dialogs, as ICU messages in English; their Spanish is in
// shell.es.json beside this file (issue 35). Loaded with the dialogs, never by a first screen.
export const technicalSupport =
  "For technical support with this application, e-mail {email} or call {phone}. Tell us what you were doing and what you saw; please do not send passwords.";
export const pdfReaderNeeded = "To open the PDF copy of your application you need a PDF reader. {link}.";
export const downloadPdfReader = "Download a PDF reader (opens in a new tab)";
export const cookieUse =
  "This application uses a cookie to keep you signed in and stores your answers on this device so that nothing is lost when your connection drops. We do not sell your information.";
export const cookieChoices =
  "You can review or remove cookies in {cookieSettings} and opt out of analytics with the {analyticsOptOut}. Read our full {privacyPolicy}.";
export const cookieSettings = "your browser's cookie settings (opens in a new tab)";
export const analyticsOptOut = "analytics opt-out (opens in a new tab)";
export const privacyPolicy = "privacy policy (opens in a new tab)";
