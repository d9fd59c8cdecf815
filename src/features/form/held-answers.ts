// Values a field shows but does not store. Spec §5: "The date input stores a value only when it
// passes", so a date of birth typed in part, one that does not exist (02/30/2001) or one out of
// range stays in its field, unsaved. What the field says about it, the validation summary and the
// Submit check must say too (issue 30): both judge the answers with these values in them, so an
// applicant 12 years old reads "You must be 13 years or older to apply." in both places, not
// "A valid date of birth is required." in the summary. No React here.

const held = new Map<string, string>();
const listeners = new Set<() => void>();

/**
 * The value the field of `key` holds without storing it, as the engine should judge it (a date
 * typed in part is judged as the text "incomplete"); null once the stored answer is the field's,
 * or when the field goes away.
 */
export function holdAnswer(key: string, value: string | null): void {
  if ((held.get(key) ?? null) === value) return;
  if (value === null) held.delete(key);
  else held.set(key, value);
  for (const listener of listeners) listener();
}

/** The answers as the applicant sees them: the stored ones, with the values fields hold instead. */
export function withHeldAnswers(answers: Readonly<Record<string, string>>): Record<string, string> {
  return held.size === 0 ? { ...answers } : { ...answers, ...Object.fromEntries(held) };
}

export function subscribeHeldAnswers(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
