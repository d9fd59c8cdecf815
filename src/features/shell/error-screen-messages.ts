// The route error screen's own words beside the error catalogue's title and text (spec §2), as
// messages in English; their Spanish is in shell.es.json beside this file (issue 35).
export const answersSaved = "Your answers are saved on this device.";
export const returnToApplication = "Return to the application";
