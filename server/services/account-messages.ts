// Texts of the account calls' responses (the client shows `message` as it is).

export const ACCOUNT_MESSAGES = {
  signupSent: (address: string) =>
    `We've sent an e-mail to ${address}. Enter the 6-digit code from it to confirm your account.`,
  confirmed: "Your account has been confirmed. Please log in.",
  confirmedChoosePassword:
    "Your account has been confirmed. To keep it safe, we've e-mailed you a link to choose your password.",
  codeWrong: "That confirmation code is not correct. Please check it and try again.",
  codeExpired: "That confirmation code has expired. Please request a new one.",
  codeDead: "Too many incorrect attempts. Please request a new confirmation code.",
  resendSent: (address: string) => `If ${address} is waiting for confirmation, we've sent it a new code.`,
  tooManyCodes: "Too many codes have been requested for this address. Please try again in an hour.",
  loggedIn: "You are logged in.",
  loginWrong: "The e-mail address or password is incorrect.",
  unconfirmed:
    "Please confirm your account first: enter the 6-digit code we e-mailed you, or request a new one.",
  loginThrottled: (minutes: number) =>
    `Too many failed attempts. Please wait ${minutes} minute(s) and try again.`,
  resetSent: (address: string) =>
    `If an account exists for ${address}, we've e-mailed a link to reset your password.`,
  tooManyResets:
    "Too many password reset e-mails have been requested for this address. Please try again in an hour.",
  passwordChanged: "Your password has been changed. Please log in with your new password.",
  resetInvalid: "This password reset link is invalid or has expired. Please request a new one.",
  bodyNotObject: "The request body must be a JSON object.",
} as const;
