// A file question's own words (spec §2/§4), as ICU messages in English; their Spanish is
// documents.es.json beside this file (issue 35). The status line's are formatted by
// statusText (file-question-state.ts); its errors and the delete dialog's are the notices'.
export const limitsHint =
  "A PNG, JPEG, PDF or Word (.docx) file of up to 1 MB, with a name of at most 32 characters.";
export const viewFailed = "We couldn't open your file just now. Please check your connection and try again.";
export const needsAccount =
  "Uploading a file needs an account, so that it stays with your application. Your answers so far come with you.";
export const createAccountToUpload = "Create an account to upload";
export const chooseFile = "Choose a file";
/** Read after "Choose a file" by a screen reader only: which question the button is for. */
export const forQuestion = "for {question}";
export const uploadingFile = "Uploading {name}";
export const convertingToPdf = "Converting to PDF";
export const viewAction = "View";
export const tryAgain = "Try again";
export const deleteAction = "Delete";

export const uploading = "Uploading…";
export const converting = "Converting…";
export const problemWithFile = "Problem with your file: {message}";
export const uploaded = "Uploaded: {name} ({size})";
export const waitingOffline =
  "Waiting to upload: it is saved on this device and will upload when you're back online.";
export const waitingBusy = "Waiting to upload: the server is busy; it will upload in a moment.";
export const waitingUnreachable = "Waiting to upload: we couldn't reach the server and will keep trying.";
