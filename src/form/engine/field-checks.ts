import type { Check, MonthYearQuestion, Question } from "../catalogue-types";
import { resolveOptions } from "../options/resolve-options";
import { questionLengthLimit } from "./answer-limits";
import { type CheckEnv, type Found, missingMessage, trimmedAnswer } from "./check-env";
import { evaluateRule } from "./conditions";
import { runCustomCheck } from "./custom-checks";
import { isEmail } from "./patterns";
import { answerKeysOf, codedSource } from "./question-keys";

export const tooLongMessage = (limit: number) => `Please use no more than ${limit} characters.`;
/** The spec gives no message for a coded answer that is none of its options (it never shows one). */
export const NOT_AN_OPTION_MESSAGE = "Please choose one of the listed options.";

/**
 * Spec §5: "placeholder value ANSWERED accepted when no year is chosen". A month/year pair may hold
 * it in its year, and in its month too while its year is no real year (e.g. ANSWERED/ANSWERED).
 */
export const MONTH_YEAR_PLACEHOLDER = "ANSWERED";

/** A checkbox stores "true" or "false"; "" is unanswered. */
const CHECKBOX_VALUES: ReadonlySet<string> = new Set(["", "true", "false"]);

function isEmpty(question: Question, key: string, env: CheckEnv): boolean {
  const value = trimmedAnswer(env, key);
  return question.kind === "checkbox" ? value !== "true" : value === "";
}

function numberFails(check: Extract<Check, { type: "number" }>, value: string): boolean {
  const n = Number(value);
  if (!Number.isFinite(n)) return true;
  if (check.min !== undefined && n < check.min) return true;
  if (check.max !== undefined && n > check.max) return true;
  // Within floating-point noise of a whole number of steps (e.g. 0.3 as 3 × 0.1).
  return check.step !== undefined && Math.abs(n / check.step - Math.round(n / check.step)) > 1e-9;
}

/** The errors of one check on one of the question's keys. */
function runOnKey(check: Exclude<Check, { type: "custom" }>, question: Question, key: string, env: CheckEnv) {
  const value = trimmedAnswer(env, key);
  switch (check.type) {
    case "required":
      return env.includeRequired && isEmpty(question, key, env)
        ? [missingMessage(question, check.message)]
        : [];
    case "mustBeTrue":
      return env.includeRequired && value !== "true" ? [missingMessage(question, check.message)] : [];
    case "pattern":
      return value !== "" && !new RegExp(check.regex).test(value) ? [check.message] : [];
    case "minLength":
      return value !== "" && value.length < check.value ? [check.message] : [];
    case "maxLength":
      return (env.answers[key] ?? "").length > check.value
        ? [check.message ?? tooLongMessage(check.value)]
        : [];
    case "number":
      return value !== "" && numberFails(check, value) ? [check.message] : [];
    case "email":
      return value !== "" && !isEmail(value) ? [check.message] : [];
  }
}

function runCheck(check: Check, question: Question, env: CheckEnv): Found {
  if (check.type === "custom") return runCustomCheck(check.check, question, env);
  if (
    (check.type === "required" || check.type === "number") &&
    check.when &&
    !evaluateRule(check.when, env.answers)
  ) {
    return [];
  }
  return checkedKeys(question).flatMap((key) =>
    runOnKey(check, question, key, env).map((m): [string, string] => [key, m]),
  );
}

/**
 * The keys a question's own checks apply to. An autocomplete's id key (e.g. a CEEB code) is only
 * filled by a suggestion: a school typed in full has none, so checks apply to the text the
 * applicant sees.
 */
export function checkedKeys(question: Question): string[] {
  return question.kind === "autocomplete" ? [question.key] : answerKeysOf(question);
}

/** Spec §5/§9 default limits: text 45 characters, text area 1500, unless the question says. */
function lengthLimit(question: Question, env: CheckEnv): Found {
  const limit = questionLengthLimit(question);
  if (limit === undefined) return [];
  return (env.answers[question.key] ?? "").length > limit ? [[question.key, tooLongMessage(limit)]] : [];
}

/** The pair's ANSWERED placeholder where spec §5 accepts it: no year chosen. */
function isPlaceholder(question: MonthYearQuestion, key: string, answers: Readonly<Record<string, string>>) {
  if ((answers[key] ?? "") !== MONTH_YEAR_PLACEHOLDER) return false;
  const year = answers[question.yearKey] ?? "";
  return key === question.yearKey || year === "" || year === MONTH_YEAR_PLACEHOLDER;
}

/**
 * Coded answers (selects, radios, conditional selects, month and year selects, year lists,
 * checkboxes) hold one of the values their question offers right now, or nothing. The controls
 * cannot produce anything else; a client that sends "9" for a question with options 1 and 2 is
 * refused at submit rather than stored as an application nobody can read.
 */
function optionMembership(question: Question, env: CheckEnv): Found {
  if (question.kind === "checkbox") {
    return CHECKBOX_VALUES.has(env.answers[question.key] ?? "")
      ? []
      : [[question.key, NOT_AN_OPTION_MESSAGE]];
  }
  return answerKeysOf(question).flatMap((key): Found => {
    const value = env.answers[key] ?? "";
    const placeholder = question.kind === "monthYear" && isPlaceholder(question, key, env.answers);
    const source = value === "" || placeholder ? undefined : codedSource(question, key, env.answers);
    if (!source) return [];
    const offered = resolveOptions(source, env.today).some((option) => option.value === value);
    return offered ? [] : [[key, NOT_AN_OPTION_MESSAGE]];
  });
}

/**
 * Every error of a question's checks (and its default length limit and options), as [key, message] pairs. A
 * month/year pair reports the union of both keys' errors on each key (spec §5).
 */
export function checkQuestion(question: Question, env: CheckEnv): Found {
  const found = [
    ...lengthLimit(question, env),
    ...optionMembership(question, env),
    ...(question.checks ?? []).flatMap((c) => runCheck(c, question, env)),
  ];
  if (question.kind !== "monthYear") return found;
  const pairKeys = [question.monthKey, question.yearKey];
  const messages = found.filter(([key]) => pairKeys.includes(key)).map(([, message]) => message);
  const others = found.filter(([key]) => !pairKeys.includes(key));
  return [
    ...others,
    ...pairKeys.flatMap((key) => messages.map((message): [string, string] => [key, message])),
  ];
}
