// The question catalogue as data (spec §3–§5), and nothing else: pure TypeScript types shared by
// the engine (src/form/engine), the pages (src/form/pages), the React components and the server.
// Components never mention a question key; they render whatever a page declares.

export type Option = { value: string; label: string };

/** Named option lists of spec §3 (src/form/options). Lists start with the empty "--" option. */
export type OptionListId =
  | "countries" // United States second, after "--"
  | "countriesWithoutUs"
  | "months"
  | "usStates" // incl. armed forces and island territories
  | "canadianProvinces"
  | "statesAndProvinces"
  | "pronouns"
  | "genders"
  | "genderIdentities"
  | "relationships"
  | "educationLevels"
  | "ethnicities"
  | "citizenshipTypes"
  | "visaStatuses"
  | "languages"
  | "militaryBranches"
  | "giBillChapters"
  | "giBillPercents"
  | "phoneTypes"
  | "communicationPreferences"
  | "religions"
  | "hearAboutUs"
  | "legacyTypes"
  | "legacyRelationships"
  | "yesNo";

/** Spec §3 year lists: `count` years going `direction` from `start` (default: the current year). */
export type YearList = { count: number; direction: "past" | "future"; start?: number };

export type OptionSource = { list: OptionListId } | { options: readonly Option[] } | { years: YearList };

// ── Conditions (spec §3 "Conditional rule", §4 "Conditional visibility") ──────────────────────────

export type Operator =
  | "equals"
  | "notEquals"
  | "lt"
  | "lte"
  | "gt"
  | "gte"
  | "answered"
  | "notAnswered"
  | "in"
  | "notIn";

/** `{ valueKey, operator, target }`: compares the answer of `valueKey` (numerically for lt…gte). */
export type Condition = {
  valueKey: string;
  operator: Operator;
  /** A value for equals…gte; a list for in/notIn; absent for answered/notAnswered. */
  target?: string | number | readonly (string | number)[];
};

/** A single condition, or all / any of several. */
export type Rule = Condition | { all: readonly Rule[] } | { any: readonly Rule[] };

// ── Validation (spec §5) ─────────────────────────────────────────────────────────────────────────

/** Named cross-field checks implemented in src/form/engine (each with the spec's messages). */
export type CustomCheck =
  | "phonePair" // SMS opt-in needs a cell; else home or cell (or international) required
  | "birthDate" // valid; ≥ 13 years; ≤ 100 years
  | "stateForUsaCan"
  | "zipForUsa"
  | "parentContact" // by parent_communication_preference, with the "Parent 1/Guardian 1: " prefix
  | "monthYearPair";

export type Check =
  /** Required; the message defaults to the question's label (spec §5 "question text used as the message"). */
  | { type: "required"; when?: Rule; message?: string }
  /** Must equal "true" (certification checkbox). */
  | { type: "mustBeTrue"; message?: string }
  | { type: "pattern"; regex: string; message: string }
  | { type: "minLength"; value: number; message: string }
  | { type: "maxLength"; value: number; message?: string }
  | { type: "number"; min?: number; max?: number; step?: number; message: string; when?: Rule }
  | { type: "email"; message: string }
  | { type: "custom"; check: CustomCheck };

// ── Audiences (spec §6) ──────────────────────────────────────────────────────────────────────────

/**
 * Who sees a part of the catalogue (spec §6: "some content shows only to non-service users and some
 * only to service users"). `all` (the default): everyone. `signedIn`: signed-in applicants, and the
 * service user, who reads a signed-in applicant's application (spec §4 tabs and §6). `applicant`:
 * anyone filling in the form, signed in or not, never the read-only service rendering (e.g.
 * instructions for filling it in). `service`: only the service user's rendering.
 */
export type Audience = "all" | "signedIn" | "applicant" | "service";

/** Text for everyone, or for one audience only. */
export type AudienceText = string | { readonly text: string; readonly audience: Audience };

// ── Questions ────────────────────────────────────────────────────────────────────────────────────

type QuestionBase = {
  /** The answer key; also the input's id, so /{page}#{key} scrolls to and focuses it. */
  key: string;
  /** The spec's question text where it gives one. */
  label: string;
  description?: string;
  /** Shown only while the rule holds; when it stops holding the answer (and `_desc`) is cleared. */
  visibleWhen?: Rule;
  checks?: readonly Check[];
  /** Who is shown the question (default: everyone); see `Audience`. Hiding it this way clears nothing. */
  audience?: Audience;
};

export type TextQuestion = QuestionBase & {
  kind: "text";
  /** Default 45 (spec §9). */
  maxLength?: number;
  variant?: "underlined" | "outlined";
  /** HTML autocomplete token (WCAG 1.3.5). */
  autoComplete?: string;
  inputMode?: "text" | "email" | "numeric" | "decimal" | "tel";
};

/**
 * A long answer with a character counter. `maxLength`: leave it out for comments and explanations,
 * which take the text-area default of 1,500 (spec §5, §9); only a long essay (e.g. a personal
 * statement) takes the partner's long-text limit, `partner.longTextLimit` (7,000, spec §1).
 */
export type TextareaQuestion = QuestionBase & { kind: "textarea"; maxLength?: number; rows?: number };

/** Masked US phone "(AAA) BBB-CCCC", formatted as digits are typed. */
export type PhoneQuestion = QuestionBase & { kind: "phone"; autoComplete?: string };

/** SSN-style 3-2-4 digits with dashes (e.g. alien registration number). */
export type SsnQuestion = QuestionBase & { kind: "ssn" };

/** Stores YYYY-MM-DD, and only when the date is valid and within bounds. */
export type DateQuestion = QuestionBase & { kind: "date"; autoComplete?: string };

export type SelectQuestion = QuestionBase & { kind: "select"; options: OptionSource; autoComplete?: string };

export type RadioQuestion = QuestionBase & { kind: "radio"; options: OptionSource };

/** Stores "true" / "false". */
export type CheckboxQuestion = QuestionBase & { kind: "checkbox" };

/** Month and year selects stored under two keys; their errors are combined (spec §5). */
export type MonthYearQuestion = QuestionBase & {
  kind: "monthYear";
  monthKey: string;
  yearKey: string;
  years: YearList;
};

/**
 * Spec §4 conditional select: shown only while `controllerKey` matches, and in displayAndOptions
 * mode only when the options for the controller's current value are not empty. Cleared (value and
 * `_desc`) whenever the controller changes.
 */
export type ConditionalSelectQuestion = QuestionBase & {
  kind: "conditionalSelect";
  controllerKey: string;
  mode: "displayOnly" | "displayAndOptions";
  /** displayOnly: one list; displayAndOptions: a list per controller value. */
  options: OptionSource | Readonly<Record<string, OptionSource>>;
  autoComplete?: string;
};

export type AutocompleteCategory = "name" | "address" | "college_ceeb" | "hs_ceeb";

/** Spec §4 autocomplete: suggestions from /lookup/find; choosing one fills `fills` from its details. */
export type AutocompleteQuestion = QuestionBase & {
  kind: "autocomplete";
  category: AutocompleteCategory;
  /** Detail field (name, address_line_1, city, state, zip, country, ceeb) → answer key. */
  fills?: Readonly<Record<string, string>>;
  /** Answer key that stores the chosen suggestion's id (e.g. the CEEB code). */
  idKey?: string;
  autoComplete?: string;
};

/**
 * Spec §2/§4 file input: the applicant uploads a document that the server converts to PDF. The
 * answer holds "ANSWERED" once the conversion completed (spec §4); the file itself lives in the
 * document answer (`GET /api/document-answer`), never in the answers map.
 */
export type FileQuestion = QuestionBase & { kind: "file" };

export type Question =
  | TextQuestion
  | TextareaQuestion
  | PhoneQuestion
  | SsnQuestion
  | DateQuestion
  | SelectQuestion
  | RadioQuestion
  | CheckboxQuestion
  | MonthYearQuestion
  | ConditionalSelectQuestion
  | AutocompleteQuestion
  | FileQuestion;

export type QuestionKind = Question["kind"];

// ── Sections and pages ───────────────────────────────────────────────────────────────────────────

/**
 * Spec §4 "groups of conditions keep the keys of the first true condition and clear the rest":
 * e.g. parent 1/2 contact fields by communication preference.
 */
export type ConditionGroup = { cases: readonly { when: Rule; keys: readonly string[] }[] };

/** Spec §4 add another: repeated blocks (up to 10), each the section's questions with a prefix. */
export type Repeat = {
  buttonId: string;
  /** Label of the add button, e.g. "Add another legacy". */
  buttonLabel: string;
  /** Key prefixes in order: the first block's questions use the first prefix, etc. */
  prefixes: readonly string[];
  /**
   * Per block (same order as `prefixes`), put before every validation message of that block's keys
   * instead of the section's `messagePrefix`, e.g. "College/University 2: " (spec §5).
   */
  messagePrefixes?: readonly string[];
};

/** One tab of a tabbed section: its questions show only while it is the chosen tab. */
export type Tab = {
  id: string;
  label: string;
  questions: readonly Question[];
  /** Keys cleared (with their `_desc`) when the applicant leaves this tab; defaults to its questions' keys. */
  clearsKeys?: readonly string[];
};

/**
 * Spec §3–§4 tabs: the applicant's chosen tab (stored per owner under `tabId`) decides which tab's
 * questions show; anonymous visitors always see `defaultTab`. Leaving a tab clears its answers.
 */
export type Tabs = { tabId: string; defaultTab: string; tabs: readonly Tab[] };

export type Section = {
  id: string;
  title: string;
  description?: AudienceText;
  /** Who is shown the section (default: everyone); see `Audience`. Hiding it this way clears nothing. */
  audience?: Audience;
  visibleWhen?: Rule;
  /**
   * Put before every validation message of this section's keys, e.g. "Parent 1/Guardian 1: "
   * (spec §5), so the error summary says whose answer is missing.
   */
  messagePrefix?: string;
  /** Keys cleared (with their `_desc`) when the section is hidden; defaults to its questions' keys. */
  clearsKeys?: readonly string[];
  groups?: readonly ConditionGroup[];
  /**
   * With `repeat`, `questions` are written for the first prefix (e.g. "legacy_first_name") and the
   * engine derives the other blocks by replacing that prefix.
   */
  repeat?: Repeat;
  /** A tabbed section shows its own `questions` (if any) and then the chosen tab's. */
  tabs?: Tabs;
  questions: readonly Question[];
};

export type FormPageId = "about" | "education" | "final-steps";

export type FormPage = {
  id: FormPageId;
  title: string;
  intro: AudienceText;
  sections: readonly Section[];
};

/** What the engine needs besides the answers (spec §5 `{host}` placeholders, today's date). */
export type EngineContext = {
  hostName: string;
  today: Date;
  /**
   * The engine's own messages (custom checks, an answer outside its options) in the applicant's
   * language; absent: the specification's English, which the server always uses (issue 35).
   */
  translate?: (english: string) => string;
};
