// The application PDF link's and the completion page's words, as ICU messages in English; their
// Spanish is in src/features/shell/shell.es.json (issue 35). Not in the form pages' first screen.
export const applicationSubmitted = "Application submitted";
export const successfullySubmitted = "Your application was successfully submitted.";
export const thankYou =
  "Thank you for applying to {host}. We will e-mail you about the next steps. Questions? Write to";
export const downloadPdf = "Download your application (PDF)";
export const previewPdf = "Preview your application (PDF)";
export const opensNewTab = "(opens in a new tab)";
export const offlineDownload = "You're offline. A connection is needed to download your application (PDF).";
export const offlinePreview = "You're offline. A connection is needed to preview your application (PDF).";
export const reviewTitle = "Review your application";
export const reviewIntro =
  "Before you submit, check your application as the university will see it, with your documents.";
export const openCopy = "Open the copy on this device";
export const downloadedOn = "downloaded {date}";
