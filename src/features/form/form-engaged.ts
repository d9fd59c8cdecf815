import { createContext } from "react";

/**
 * True once the applicant has focused any question of the form page: the browser's autofill starts
 * from a focused field, so the selects it may fill get their whole list then (select-control.tsx).
 */
export const FormEngagedContext = createContext(false);
