import { z } from "zod";
import { LANGUAGES } from "../../src/i18n/language";
import {
  AUTH_MESSAGES,
  isStrongPassword,
  isValidCode,
  isValidEmail,
  normalizeEmail,
  PASSWORD_MATCH_RULE,
} from "../../src/shared/auth-rules";
import { ACCOUNT_MESSAGES } from "../services/account-messages";

// Bodies of the /public account calls. Each problem carries the spec's message (§5); the routes
// answer the first one. Addresses come out normalised.

const address = (message: string) =>
  z.string({ error: message }).refine(isValidEmail, message).transform(normalizeEmail);

const newPassword = z
  .string({ error: AUTH_MESSAGES.passwordWeak })
  .refine(isStrongPassword, AUTH_MESSAGES.passwordWeak);

const body = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object(shape, { error: ACCOUNT_MESSAGES.bodyNotObject });

/** The asking page's language (issue 35): the account keeps it at sign-up; mails are written in it. */
export const languageField = z.enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(", ")}` });

export const signupBody = body({
  username: address(AUTH_MESSAGES.emailInvalid),
  password: newPassword,
  language: languageField.optional(),
});

export const confirmBody = body({
  username: address(AUTH_MESSAGES.emailInvalid),
  code: z.string({ error: AUTH_MESSAGES.codeInvalid }).refine(isValidCode, AUTH_MESSAGES.codeInvalid),
});

export const resendBody = body({
  username: address(AUTH_MESSAGES.emailInvalid),
  language: languageField.optional(),
});

export const loginBody = body({
  username: address(AUTH_MESSAGES.loginEmailInvalid),
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired),
});

export const forgotBody = body({
  username: address(AUTH_MESSAGES.emailInvalid),
  language: languageField.optional(),
});

export const resetBody = body({
  username: address(AUTH_MESSAGES.emailInvalid),
  password: newPassword,
  confirm_password: z.string({ error: AUTH_MESSAGES.passwordsMustMatch }),
  id: z
    .string({ error: ACCOUNT_MESSAGES.resetInvalid })
    .min(1, ACCOUNT_MESSAGES.resetInvalid)
    .max(200, ACCOUNT_MESSAGES.resetInvalid),
}).refine((b) => PASSWORD_MATCH_RULE.test(b.password, b.confirm_password), {
  message: AUTH_MESSAGES.passwordsMustMatch,
  path: ["confirm_password"],
});
