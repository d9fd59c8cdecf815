// Auth validation of spec §5, shared by the client (live checklist, field errors) and the server
// (which re-checks everything). Pure TypeScript.

export const PASSWORD_MIN_LENGTH = 12;
export const CONFIRMATION_CODE_LENGTH = 6;

/** The fixed set of special characters a password may use to satisfy the "special" rule. */
export const PASSWORD_SPECIALS = "^$*.[]{}()?\"!@#%&/\\,><':;|_~`=+-";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_PATTERN = /^\d{6}$/;

export const AUTH_MESSAGES = {
  emailInvalid: "Your email address must be valid.",
  loginEmailInvalid: "Please provide a valid email address.",
  passwordRequired: "Password is required.",
  codeInvalid: "The confirmation code must be exactly 6 numbers.",
  resendNeedsEmail: "You must provide a valid email address to resend a confirmation code.",
  passwordWeak: "Your password does not meet all of the requirements listed.",
  passwordsMustMatch: "Passwords must match.",
} as const;

export type PasswordRuleId =
  | "length"
  | "uppercase"
  | "lowercase"
  | "number"
  | "special"
  | "whitespace"
  | "match";

export type PasswordRule = {
  id: PasswordRuleId;
  label: string;
  test: (password: string, confirm?: string) => boolean;
};

/** The checklist, worded as in spec §5 ("Password …"). */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: "length",
    label: `is at least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  { id: "uppercase", label: "contains at least one uppercase letter", test: (p) => /[A-Z]/.test(p) },
  { id: "lowercase", label: "contains at least one lowercase letter", test: (p) => /[a-z]/.test(p) },
  { id: "number", label: "contains at least one number", test: (p) => /\d/.test(p) },
  {
    id: "special",
    label: "contains at least one special character",
    test: (p) => [...p].some((c) => PASSWORD_SPECIALS.includes(c)),
  },
  {
    id: "whitespace",
    label: "contains no leading or trailing whitespace",
    test: (p) => p.length > 0 && p.trim() === p,
  },
];

export const PASSWORD_MATCH_RULE: PasswordRule = {
  id: "match",
  label: "passwords must match",
  test: (p, confirm) => p.length > 0 && p === confirm,
};

/** Trimmed and lower-cased: one account per address, however it is typed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim()) && email.trim().length <= 254;
}

export function isValidCode(code: string): boolean {
  return CODE_PATTERN.test(code);
}

/**
 * The code a confirmation field holds, as it is checked and sent: without the spaces and dashes a
 * pasted or autofilled code is written with ("123 456", "123-456"), and nothing else changed. A
 * seventh digit, or a letter, stays, so the code is refused rather than cut into one the applicant
 * did not type.
 */
export function confirmationCodeOf(typed: string): string {
  return typed.replace(/[\s-]/g, "");
}

export function failedPasswordRules(password: string): PasswordRuleId[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.id);
}

export function isStrongPassword(password: string): boolean {
  return failedPasswordRules(password).length === 0;
}
