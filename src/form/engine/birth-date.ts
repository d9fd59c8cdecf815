export const BIRTH_DATE_MESSAGES = {
  invalid: "A valid date of birth is required.",
  tooEarly: "This date is not supported. Please contact help support for assistance.",
  tooYoung: "You must be 13 years or older to apply.",
} as const;

/** Spec §9: minimum age 13; earliest birth date 100 years ago. */
export const MINIMUM_AGE_YEARS = 13;
export const EARLIEST_BIRTH_YEARS_AGO = 100;

/** A real calendar date written YYYY-MM-DD (no zod here: it would triple the About You chunk). */
function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The calendar date `years` before `today` (its local date) as YYYY-MM-DD. */
function yearsBefore(today: Date, years: number): string {
  const year = String(today.getFullYear() - years).padStart(4, "0");
  const month = String(today.getMonth() + 1).padStart(2, "0");
  const day = String(today.getDate()).padStart(2, "0");
  return `${year}-${month}-${day}`;
}

/**
 * Spec §5 birth date (stored as YYYY-MM-DD): a real date, at most 100 years ago, at least 13 years
 * ago; the 13th and 100th birthdays themselves pass. ISO dates compare correctly as text, which
 * also handles 29 February.
 */
export function birthDateErrors(value: string, today: Date, includeRequired: boolean): string[] {
  if (value === "") return includeRequired ? [BIRTH_DATE_MESSAGES.invalid] : [];
  if (!isIsoDate(value)) return [BIRTH_DATE_MESSAGES.invalid];
  if (value < yearsBefore(today, EARLIEST_BIRTH_YEARS_AGO)) return [BIRTH_DATE_MESSAGES.tooEarly];
  if (value > yearsBefore(today, MINIMUM_AGE_YEARS)) return [BIRTH_DATE_MESSAGES.tooYoung];
  return [];
}
