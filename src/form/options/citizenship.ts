import { withEmptyOption } from "./empty-option";

// Spec §3 fixes only the codes: 1 is U.S. citizen; 2 and 3 require a country of citizenship; 4
// requires military_active. Beyond that the spec leaves the meaning of 2–4 open; the labels below
// are our reading, worded so every applicant can find themselves without a term that judges them.
export const citizenshipTypes = withEmptyOption([
  { value: "1", label: "U.S. citizen" },
  { value: "2", label: "Dual citizen of the U.S. and another country" },
  { value: "3", label: "U.S. permanent resident or citizen of another country" },
  { value: "4", label: "U.S. military–affiliated or other status" },
]);

/** Current U.S. immigration or visa status of a non-citizen. */
export const visaStatuses = withEmptyOption([
  { value: "PR", label: "Permanent resident (green card)" },
  { value: "F1", label: "F-1 student" },
  { value: "J1", label: "J-1 exchange visitor" },
  { value: "H1B", label: "H-1B" },
  { value: "H4", label: "H-4 dependent" },
  { value: "L2", label: "L-2 dependent" },
  { value: "B1B2", label: "B-1/B-2 visitor" },
  { value: "RA", label: "Refugee or asylee" },
  { value: "TPS", label: "Temporary Protected Status (TPS)" },
  { value: "DACA", label: "Deferred Action for Childhood Arrivals (DACA)" },
  { value: "none", label: "I do not currently hold a U.S. visa" },
  { value: "other", label: "Other" },
]);
