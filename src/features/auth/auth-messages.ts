import type { MessageValues } from "../../i18n/format-message";

// The account pages' words (sign-in, sign-up, confirmation, forgotten and reset password), as ICU
// messages in English, the specification's; their Spanish is auth.es.json beside this file (issue
// 35). The pages pass these English words to the card and the fields, which show them translated.
export const signIn = "Sign In";
export const noAccount = "Don't have an account?";
export const createAnAccount = "Create an account";
export const forgotYourPassword = "Forgot your password?";
export const enterCodeOrResend = "{link} or request a new one below.";
export const enterYourCode = "Enter your confirmation code";
export const resendCode = "Resend confirmation code";
export const email = "Email";
export const password = "Password";
export const show = "Show";
export const hide = "Hide";
export const showField = "Show {field}";
export const hideField = "Hide {field}";
export const confirmationCode = "Confirmation code";
export const codeHelp = "The 6-digit code from the e-mail we sent you.";
export const createAccount = "Create Account";
export const alreadyHaveAccount = "Already have an account?";
export const signInLink = "Sign in";
export const signupIntro =
  "Create an account to save your application online, submit it and download a copy.";
export const confirmYourAccount = "Confirm Your Account";
export const alreadyConfirmed = "Already confirmed?";
export const confirmIntro =
  "We e-mailed you a 6-digit code. Enter it below to confirm your account. The code is valid for 24 hours.";
export const confirmAccount = "Confirm Account";
export const forgotPassword = "Forgot Password";
export const rememberedPassword = "Remembered your password?";
export const forgotIntro =
  "Enter the e-mail address of your account and we will send you a link to choose a new password.";
export const sendResetLink = "Send reset link";
export const resetPassword = "Reset Password";
export const resetLinkIncomplete =
  "This password reset link is incomplete. Please use the whole link from the e-mail, or {link}.";
export const requestNewOne = "request a new one";
export const chooseNewPasswordFor = "Choose a new password for {username}.";
export const newPassword = "New password";
export const confirmNewPassword = "Confirm new password";
export const passwordColon = "Password:";
export const met = "(met)";
export const notMet = "(not met)";
export const requirementsMet = "{met} of {total} password requirements met.";

const MARK = "\u{E000}";

/**
 * A sentence cut where its element `{name}` goes (a link, a bold name), as the translation places
 * it: [before, after]. (The footer's dialogs use richText; the account pages cut their one-element
 * sentences here, so that neither brings a file of its own.)
 */
export function cutAt(
  format: (english: string, values?: MessageValues) => string,
  english: string,
  name: string,
): [string, string] {
  const [before = "", after = ""] = format(english, { [name]: MARK }).split(MARK);
  return [before, after];
}
