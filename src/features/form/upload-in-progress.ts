// Spec §4's "File Upload in Progress": what a tab switch or a block's removal says while a file it
// would delete is still uploading or converting.
export const UPLOAD_IN_PROGRESS_TITLE = "File Upload in Progress";
export const UPLOAD_IN_PROGRESS_MESSAGE = "Please wait until the file upload has completed.";
