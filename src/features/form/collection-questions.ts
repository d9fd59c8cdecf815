// The collections part of the form's code (question-parts.ts): loaded apart, after the first screen.
export { AutocompleteQuestion } from "./autocomplete-question";
export { FormTabs } from "./form-tabs";
export { MonthYearQuestion } from "./month-year-question";
export { SelectQuestion } from "./select-question";
