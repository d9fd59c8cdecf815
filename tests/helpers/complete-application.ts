/**
 * A complete, valid transfer application (app_type 1, U.S. citizen, one college, no test scores):
 * the shared engine finds nothing missing, so it may be submitted. Scenarios change it.
 */
export const COMPLETE_APPLICATION: Readonly<Record<string, string>> = Object.freeze({
  // About You
  app_type: "1",
  first_name: "Ada",
  last_name: "Lovelace",
  birth_date: "2000-05-01",
  gender: "F",
  country: "USA",
  address_line_1: "1 Main St",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  phone_home: "(217) 555-0100",
  citizenship_type: "1",
  on_campus: "Y",
  // Your Academics
  apply_fall: "Y",
  applied_major_transfer: "14",
  credits_transfer: "45",
  hs_name: "Central High School",
  grad_month: "6",
  grad_year: "2022",
  college_name: "Riverside Community College",
  college_attend_from_month: "9",
  college_attend_from_year: "2022",
  college_attend_to_month: "5",
  college_attend_to_year: "2024",
  test_optional: "N",
  // Final Steps
  criminal_charges_pending: "N",
  disciplinary_action: "N",
  return_institution: "Y",
  conviction: "N",
  counselor_waiver_request: "Y",
  legal_agree: "true",
});
