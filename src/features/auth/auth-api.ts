// The /public auth calls of spec §7. Each resolves to the server's message or throws an ApiError
// whose message is the server's (shown in the card's error toast).
import { apiRequest } from "../../lib/api-client";
import type { MessageResponse } from "../../shared/api-types";

const post = (path: string, body: Record<string, string>) =>
  apiRequest<MessageResponse>("POST", path, { body });

export const signUp = (username: string, password: string) => post("/public/signup", { username, password });

export const confirmAccount = (username: string, code: string) => post("/public/confirm", { username, code });

export const resendConfirmation = (username: string) => post("/public/resend-confirm", { username });

export const logIn = (username: string, password: string) => post("/public/login", { username, password });

export const requestPasswordReset = (username: string) => post("/public/forgot-password", { username });

export const resetPassword = (fields: {
  username: string;
  password: string;
  confirm_password: string;
  id: string;
}) => post("/public/reset-password", fields);
