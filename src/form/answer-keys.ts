// Every answer key the spec lists ("Answer fields"), grouped by form page.
// Order follows the spec so lists read side by side with it.
import { partner } from "../config/partner";

export type PageId = "about" | "education" | "final-steps";

const host = partner.hostKey;

const ADDRESS_SUFFIXES = ["address_line_1", "address_line_2", "city", "state", "zip", "country"] as const;

const PARENT_SUFFIXES = [
  "relationship",
  "first_name",
  "last_name",
  "email_address",
  "phone",
  "phone_type",
  "education",
  "education_other",
  "addr_same_as_stu_perm",
  ...ADDRESS_SUFFIXES,
] as const;

const LEGACY_SUFFIXES = ["relationship", "first_name", "last_name", "grad_year"] as const;

const COLLEGE_SUFFIXES = [
  "ceeb",
  "name",
  "address_line_1",
  "city",
  "state",
  "country",
  "zip",
  "attend_from_month",
  "attend_from_year",
  "attend_to_month",
  "attend_to_year",
  "degree",
  "degree_month",
  "degree_year",
  "credits",
  "gpa",
  // Not in the spec's list: the unofficial transcript uploaded for each college (decision 0014).
  "transcript",
] as const;

function withPrefixes(prefixes: readonly string[], suffixes: readonly string[]): string[] {
  return prefixes.flatMap((prefix) => suffixes.map((suffix) => `${prefix}${suffix}`));
}

const PERSONAL_KEYS = [
  "app_type",
  "first_name",
  "middle_name",
  "last_name",
  "preferred_name",
  "other_name",
  "other_first_name",
  "other_middle_name",
  "other_last_name",
  "phone_home",
  "phone_mobile",
  "optin_sms_ind",
  "phone_international",
  "birth_date",
  "personal_pronoun",
  "personal_pronoun_other",
  "gender",
  "gender_identify",
  "first_gen_college",
];

const ADDRESS_KEYS = [
  ...ADDRESS_SUFFIXES,
  "mailing_addr_same_as_perm_addr",
  ...withPrefixes(["mailing_"], ADDRESS_SUFFIXES),
];

const PARENT_KEYS = [
  ...withPrefixes(["parent_", "parent_2_"], PARENT_SUFFIXES),
  "parent_communication_preference",
];

const CITIZENSHIP_KEYS = [
  "citizenship_type",
  "citizenship",
  "alien_registration_number",
  "citizenship_visa_status",
  "native_language",
  "ethnicity",
  "race_american_indian",
  "race_asian",
  "race_black",
  "race_native_hawaiian",
  "race_white",
];

const AFFILIATION_KEYS = [
  `${host}_employee`,
  `${host}_employee_first_name`,
  "ptk_member",
  "on_campus",
  "religious_affiliation",
  "tap",
  "sage",
  "tuition_exchange",
  "financial_aid",
  "hear_about_us",
  "hear_about_us_other",
];

const MILITARY_KEYS = [
  "rotc",
  "rotc_during",
  "military_active",
  "federal_tuition_assistance",
  "military_served",
  "military_branch",
  "military_served_post911",
  "gi_bill",
  "gi_bill_chapter",
  "gi_bill_chapter_percent",
  "yellow_ribbon_program",
  "dependent_veteran",
];

const LEGACY_KEYS = [
  `legacy_${host}`,
  "legacy_type",
  ...withPrefixes(["legacy_", "legacy_2_", "legacy_3_", "legacy_4_"], LEGACY_SUFFIXES),
];

const PROGRAM_KEYS = [
  "apply_fall",
  "entry_term",
  "accelerated_type",
  "applied_major_transfer",
  "applied_major_second_degree",
  "applied_major_accelerated",
  "nursing_bsn_programlength",
  "music_instrument",
  "credits_transfer",
  "applied_previously_transfer",
  "bme_bsn_dual",
  "ms_spec_ed",
  "lib_arts_dual",
  "ms_ed_dual",
  "ms_env_science_dual",
  "ms_biotech_dual",
  "baphys_bseng_pitt_cwu",
  "accelerated_law",
  "pmhpp_program",
  "pharmacist_employee",
  // One coded key; "options 1 and 2" in the spec are its values.
  "pharmacist_location",
  "pharmacist_employee_number",
  "srar_completed",
];

const HIGH_SCHOOL_KEYS = [
  "hs_ceeb",
  "hs_name",
  "hs_address_line_1",
  "hs_city",
  "hs_state",
  "hs_country",
  "hs_zip",
  "grad_month",
  "grad_year",
  "grades_lower_c",
  "foreign_lang_two_years",
  "algebra_completed",
];

const COLLEGE_KEYS = withPrefixes(["college_", "college_2_", "college_3_"], COLLEGE_SUFFIXES);

const TEST_KEYS = [
  "test_optional",
  "sat_taken",
  "sat_taken_date",
  "sat_test_month",
  "sat_test_year",
  "sat_v1_score_reading",
  "sat_v1_score_math",
  "sat_v1_score_writing",
  "sat_score_reading_writing",
  "sat_score_math",
  "sat_score_total",
  "sat_score_essay_reading",
  "sat_score_essay_analysis",
  "sat_score_essay_writing",
  "act_taken",
  "act_score_composite",
  "act_test_month",
  "act_test_year",
  "clt_taken",
  "clt_test_month",
  "clt_test_year",
  "clt_score_composite",
  "clt_score_verbal_reasoning",
  "clt_score_grammar_writing",
  "clt_score_quant_reasoning",
  "english_proficiency_test",
  "duolingo_test_taken",
  "ielts_test_taken",
  "pte_test_taken",
  "toefl_test_taken",
  // Not in the spec's list: the score report uploaded when a test will be submitted (decision 0014).
  "english_test_report",
];

export const ABOUT_KEYS: readonly string[] = Object.freeze([
  ...PERSONAL_KEYS,
  ...ADDRESS_KEYS,
  ...PARENT_KEYS,
  ...CITIZENSHIP_KEYS,
  ...AFFILIATION_KEYS,
  ...MILITARY_KEYS,
  ...LEGACY_KEYS,
]);

export const EDUCATION_KEYS: readonly string[] = Object.freeze([
  ...PROGRAM_KEYS,
  ...HIGH_SCHOOL_KEYS,
  ...COLLEGE_KEYS,
  ...TEST_KEYS,
]);

export const FINAL_STEPS_KEYS: readonly string[] = Object.freeze([
  "criminal_charges_pending",
  "pending_charges_comment",
  "disciplinary_action",
  "disciplinary_action_comment",
  "return_institution",
  "return_institution_comment",
  "conviction",
  "conviction_comment",
  "counselor_waiver_request",
  "legal_agree",
  // Not in the spec's list: the applicant's documents (decision 0014). The personal statement is
  // written (`personal_statement`) or uploaded (`personal_statement_file`), by tab.
  "personal_statement",
  "personal_statement_file",
  "resume_file",
]);

const KEYS_BY_PAGE: ReadonlyArray<readonly [PageId, readonly string[]]> = [
  ["about", ABOUT_KEYS],
  ["education", EDUCATION_KEYS],
  ["final-steps", FINAL_STEPS_KEYS],
];

export const PAGE_OF_KEY: ReadonlyMap<string, PageId> = new Map(
  KEYS_BY_PAGE.flatMap(([page, keys]) => keys.map((key) => [key, page] as const)),
);

export const ANSWER_KEYS: ReadonlySet<string> = new Set(PAGE_OF_KEY.keys());

const DESC_SUFFIX = "_desc";

/**
 * True for a model key or its `_desc` companion. Which keys are coded is
 * decided later by the form engine, so `_desc` is accepted for every model
 * key for now; only one `_desc` level is valid.
 */
export function isKnownAnswerKey(key: string): boolean {
  if (ANSWER_KEYS.has(key)) {
    return true;
  }
  return key.endsWith(DESC_SUFFIX) && ANSWER_KEYS.has(key.slice(0, -DESC_SUFFIX.length));
}
