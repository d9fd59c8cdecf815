import type { CustomCheck, Question } from "../catalogue-types";
import { birthDateErrors } from "./birth-date";
import { type CheckEnv, type Found, trimmedAnswer } from "./check-env";
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

function phonePair(env: CheckEnv): Found {
  if (!env.includeRequired) return [];
  if (trimmedAnswer(env, PHONE_KEYS.smsOptIn) === "true") {
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
  const countryKey = countryKeyFor(question.key, "state");
  if (!env.includeRequired || !countryKey || trimmedAnswer(env, question.key) !== "") return [];
  return ["USA", "CAN"].includes(trimmedAnswer(env, countryKey)) ? [[question.key, question.label]] : [];
}

function zipForUsa(question: Question, env: CheckEnv): Found {
  const countryKey = countryKeyFor(question.key, "zip");
  const zip = trimmedAnswer(env, question.key);
  if (zip !== "") return zip.length < ZIP_MIN_LENGTH ? [[question.key, ZIP_TOO_SHORT]] : [];
  return env.includeRequired && countryKey && trimmedAnswer(env, countryKey) === "USA"
    ? [[question.key, question.label]]
    : [];
}

function parentContact(env: CheckEnv): Found {
  const preference = trimmedAnswer(env, PARENT_PREFERENCE_KEY);
  const found: Found = [];
  for (const { prefix, preferences } of PARENT_CONTACTS) {
    if (!(preferences as readonly string[]).includes(preference)) continue;
    for (const [key, isValid, message] of [
      [`${prefix}email_address`, isEmail, PARENT_MESSAGES.email],
      [`${prefix}phone`, isUsPhone, PARENT_MESSAGES.phone],
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
  return (month === "") !== (year === "") ? [[question.monthKey, question.label]] : [];
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
