// The /public auth calls of spec §7. Each resolves to the server's message or throws an ApiError
// whose message is the server's (shown in the card's error toast).
import { currentLanguage } from "../../i18n/translations";
import { apiRequest } from "../../lib/api-client";
import type { MessageResponse } from "../../shared/api-types";

const post = (path: string, body: Record<string, string>) =>
  apiRequest<MessageResponse>("POST", path, { body });

// The page's language (issue 35): the account keeps it at sign-up, and mails are written in it.
export const signUp = (username: string, password: string) =>
  post("/public/signup", { username, password, language: currentLanguage() });

export const confirmAccount = (username: string, code: string) => post("/public/confirm", { username, code });

export const resendConfirmation = (username: string) =>
  post("/public/resend-confirm", { username, language: currentLanguage() });

/** `language`: the account's (null until it has one), see i18n/account-language.ts. */
export const logIn = (username: string, password: string) =>
  apiRequest<MessageResponse & { language?: string | null }>("POST", "/public/login", {
    body: { username, password },
  });

export const requestPasswordReset = (username: string) =>
  post("/public/forgot-password", { username, language: currentLanguage() });

export const resetPassword = (fields: {
  username: string;
  password: string;
  confirm_password: string;
  id: string;
}) => post("/public/reset-password", fields);
