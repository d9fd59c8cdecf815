import type { CustomCheck, Question } from "../catalogue-types";
import { birthDateErrors } from "./birth-date";
import { type CheckEnv, type Found, missingMessage, trimmedAnswer } from "./check-env";
import { isEmail, isUsPhone } from "./patterns";

export const PHONE_MESSAGES = {
  smsNeedsCell: "A cell phone number is required to receive text message updates.",
  homeOrCell: "Please enter either a home phone or cell phone number.",
} as const;
export const ZIP_TOO_SHORT = "ZIP/Postal Code must be at least 5 characters.";
export const ZIP_MIN_LENGTH = 5;
export const PARENT_MESSAGES = {
  email: "Please enter a valid email address.",
  phone: "Please enter a valid phone number.",
} as const;

/** The fixed keys the phone pair and parent contact checks read (checked by config-checks). */
export const PHONE_KEYS = {
  home: "phone_home",
  mobile: "phone_mobile",
  international: "phone_international",
  smsOptIn: "optin_sms_ind",
} as const;
export const PARENT_PREFERENCE_KEY = "parent_communication_preference";
/** Spec §5: Parent 1 is checked for preferences 1 and 2, Parent 2 for 2. */
export const PARENT_CONTACTS = [
  { prefix: "parent_", preferences: ["1", "2"] },
  { prefix: "parent_2_", preferences: ["2"] },
] as const;

/** "mailing_state" → "mailing_country": the country key of an address field with this suffix. */
export function countryKeyFor(key: string, suffix: string): string | undefined {
  return key.endsWith(suffix) ? `${key.slice(0, -suffix.length)}country` : undefined;
}

type Answers = Readonly<Record<string, string>>;
const answerOf = (answers: Answers, key: string): string => (answers[key] ?? "").trim();

// Each rule below decides once whether an answer is required; the check (its message) and the
// requirement shown at the field (`customRequiredKeys`) both read it.

/** Spec §5: text message updates need a cell phone number. */
const wantsTextMessages = (answers: Answers): boolean => answerOf(answers, PHONE_KEYS.smsOptIn) === "true";

/** Spec §5: a state or province for the United States and Canada. */
function needsState(question: Question, answers: Answers): boolean {
  const countryKey = countryKeyFor(question.key, "state");
  return countryKey !== undefined && ["USA", "CAN"].includes(answerOf(answers, countryKey));
}

/** Spec §5: a ZIP code for the United States. */
function needsZip(question: Question, answers: Answers): boolean {
  const countryKey = countryKeyFor(question.key, "zip");
  return countryKey !== undefined && answerOf(answers, countryKey) === "USA";
}

/** Spec §5: the parents whose e-mail and phone are asked for, by the communication preference. */
function contactedParents(answers: Answers): string[] {
  const preference = answerOf(answers, PARENT_PREFERENCE_KEY);
  return PARENT_CONTACTS.filter(({ preferences }) =>
    (preferences as readonly string[]).includes(preference),
  ).map(({ prefix }) => prefix);
}

const parentContactKeys = (prefix: string) => [`${prefix}email_address`, `${prefix}phone`] as const;

function phonePair(env: CheckEnv): Found {
  if (!env.includeRequired) return [];
  if (wantsTextMessages(env.answers)) {
    return trimmedAnswer(env, PHONE_KEYS.mobile) === ""
      ? [[PHONE_KEYS.mobile, PHONE_MESSAGES.smsNeedsCell]]
      : [];
  }
  const international = env.visibleKeys.has(PHONE_KEYS.international)
    ? trimmedAnswer(env, PHONE_KEYS.international)
    : "";
  const any = [
    trimmedAnswer(env, PHONE_KEYS.home),
    trimmedAnswer(env, PHONE_KEYS.mobile),
    international,
  ].some((v) => v !== "");
  return any ? [] : [[PHONE_KEYS.home, PHONE_MESSAGES.homeOrCell]];
}

function stateForUsaCan(question: Question, env: CheckEnv): Found {
  if (!env.includeRequired || trimmedAnswer(env, question.key) !== "") return [];
  return needsState(question, env.answers) ? [[question.key, missingMessage(question)]] : [];
}

function zipForUsa(question: Question, env: CheckEnv): Found {
  const zip = trimmedAnswer(env, question.key);
  if (zip !== "") return zip.length < ZIP_MIN_LENGTH ? [[question.key, ZIP_TOO_SHORT]] : [];
  return env.includeRequired && needsZip(question, env.answers)
    ? [[question.key, missingMessage(question)]]
    : [];
}

function parentContact(env: CheckEnv): Found {
  const found: Found = [];
  for (const prefix of contactedParents(env.answers)) {
    const [email, phone] = parentContactKeys(prefix);
    for (const [key, isValid, message] of [
      [email, isEmail, PARENT_MESSAGES.email],
      [phone, isUsPhone, PARENT_MESSAGES.phone],
    ] as const) {
      const value = trimmedAnswer(env, key);
      if (value === "" && env.includeRequired) found.push([key, env.labelOf(key)]);
      if (value !== "" && !isValid(value)) found.push([key, message]);
    }
  }
  return found;
}

function monthYearPair(question: Question, env: CheckEnv): Found {
  if (question.kind !== "monthYear" || !env.includeRequired) return [];
  const month = trimmedAnswer(env, question.monthKey);
  const year = trimmedAnswer(env, question.yearKey);
  return (month === "") !== (year === "") ? [[question.monthKey, missingMessage(question)]] : [];
}

/**
 * The answer keys a custom check requires, given the answers: the same rules as the checks. Two
 * checks require no single answer: the phone pair asks for any one of the numbers (unless text
 * messages need the cell phone), and a month/year pair only asks for both halves once one is given.
 */
export function customRequiredKeys(check: CustomCheck, question: Question, answers: Answers): string[] {
  switch (check) {
    case "phonePair":
      return wantsTextMessages(answers) ? [PHONE_KEYS.mobile] : [];
    case "birthDate":
      return [question.key];
    case "stateForUsaCan":
      return needsState(question, answers) ? [question.key] : [];
    case "zipForUsa":
      return needsZip(question, answers) ? [question.key] : [];
    case "parentContact":
      return contactedParents(answers).flatMap((prefix) => [...parentContactKeys(prefix)]);
    case "monthYearPair":
      return [];
  }
}

/** The answer keys `customRequiredKeys` reads for a check. */
export function customRequirementReads(check: CustomCheck, question: Question): string[] {
  switch (check) {
    case "phonePair":
      return [PHONE_KEYS.smsOptIn];
    case "stateForUsaCan":
      return [countryKeyFor(question.key, "state") ?? ""].filter(Boolean);
    case "zipForUsa":
      return [countryKeyFor(question.key, "zip") ?? ""].filter(Boolean);
    case "parentContact":
      return [PARENT_PREFERENCE_KEY];
    case "birthDate":
    case "monthYearPair":
      return [];
  }
}

/** Spec §5 cross-field checks, by name. */
export function runCustomCheck(check: CustomCheck, question: Question, env: CheckEnv): Found {
  switch (check) {
    case "phonePair":
      return phonePair(env);
    case "birthDate":
      return birthDateErrors(trimmedAnswer(env, question.key), env.today, env.includeRequired).map((m) => [
        question.key,
        m,
      ]);
    case "stateForUsaCan":
      return stateForUsaCan(question, env);
    case "zipForUsa":
      return zipForUsa(question, env);
    case "parentContact":
      return parentContact(env);
    case "monthYearPair":
      return monthYearPair(question, env);
  }
}
