// What /completion says the admissions office has received (issue 32), as ICU messages in English;
// their Spanish is receipt.es.json beside this file (issue 35).
export const title = "What the admissions office has received";
export const checking = "Checking with the admissions office…";
export const offline = "You're offline, so we can't check with the admissions office right now.";
export const unreachable = "We couldn't check with the admissions office just now: {message}";
export const receivedOn = "This is what it had received on {date}.";
export const submittedOn = "Your application, submitted on {date}.";
export const notSubmitted = "Your application has not been submitted yet.";
export const noDocuments = "No documents: you did not upload any.";
export const documentLine = "{label}: {file} ({size}), {state}.";
export const unprocessed = "received, waiting to be converted to PDF";
export const inProgress = "received, being converted to PDF";
export const completed = "received and converted to PDF";
export const failed =
  "received, but it could not be converted to PDF: please e-mail it to the admissions office";
