// The ZIP code's offer of its own city and state (issue 28), as messages in English; their Spanish
// is in src/features/shell/shell.es.json (issue 35).
export const zipElsewhere = "ZIP code {zip} is in {place}, which is not the city and state entered above.";
export const usePlace = "Use {place}";
export const keepMine = "Keep my city and state";
