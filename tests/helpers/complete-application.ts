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

/**
 * COMPLETE_APPLICATION as the client stores it after choosing from lists: coded answers with their
 * `_desc` labels, schools chosen from the CEEB lookup (code, name and address as
 * server/lookup/data/colleges-ceeb.csv has them), and a second college, shown with the add-another
 * count TWO_COLLEGE_COUNTS.
 */
export const TWO_COLLEGE_APPLICATION: Readonly<Record<string, string>> = Object.freeze({
  ...COMPLETE_APPLICATION,
  app_type_desc: "Transfer",
  gender_desc: "Female",
  country_desc: "United States",
  state_desc: "Illinois",
  citizenship_type_desc: "U.S. citizen",
  on_campus_desc: "Yes",
  apply_fall_desc: "Yes",
  applied_major_transfer_desc: "Business Administration",
  grad_month_desc: "June",
  grad_year_desc: "2022",
  college_name: "Riverside Cmty College",
  college_ceeb: "4658",
  college_country: "USA",
  college_country_desc: "United States",
  college_city: "Riverside",
  college_state: "CA",
  college_state_desc: "California",
  college_attend_from_month_desc: "September",
  college_attend_from_year_desc: "2022",
  college_attend_to_month_desc: "May",
  college_attend_to_year_desc: "2024",
  college_2_name: "Univ Illinois Springfield",
  college_2_ceeb: "0834",
  college_2_country: "USA",
  college_2_country_desc: "United States",
  college_2_city: "Springfield",
  college_2_state: "IL",
  college_2_state_desc: "Illinois",
  college_2_attend_from_month: "8",
  college_2_attend_from_month_desc: "August",
  college_2_attend_from_year: "2024",
  college_2_attend_from_year_desc: "2024",
  college_2_attend_to_month: "5",
  college_2_attend_to_month_desc: "May",
  college_2_attend_to_year: "2026",
  college_2_attend_to_year_desc: "2026",
  college_2_gpa: "3.6",
  test_optional_desc: "No",
  criminal_charges_pending_desc: "No",
  disciplinary_action_desc: "No",
  return_institution_desc: "Yes",
  conviction_desc: "No",
  counselor_waiver_request_desc: "Yes, I waive my right to see my recommendations.",
});

/** The add-another count that shows TWO_COLLEGE_APPLICATION's second college. */
export const TWO_COLLEGE_COUNTS: Readonly<Record<string, number>> = Object.freeze({ college: 2 });
