import { partner } from "../../src/config/partner";
import { composeMail } from "./layout";
import type { MailContent } from "./types";

/** Absolute link to a page of the app, always built from PUBLIC_URL (never the request's Host). */
export function publicLink(publicUrl: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(`${publicUrl}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

export function confirmationCodeMail(to: string, code: string, publicUrl: string): MailContent {
  return composeMail({
    to,
    subject: `Your ${partner.name} confirmation code`,
    summary: `confirmation code ${code}`,
    blocks: [
      { paragraph: "Thank you for creating an account. Use this code to confirm your e-mail address:" },
      { code },
      {
        paragraph:
          "The code is valid for 24 hours and can be used once. Enter it on the confirmation page, where you can also ask for a new one.",
      },
      { label: "Confirm your account", link: publicLink(publicUrl, "/confirm") },
      { paragraph: "If you did not create an account, you can ignore this e-mail." },
    ],
  });
}

export function accountExistsMail(to: string, publicUrl: string): MailContent {
  const loginUrl = publicLink(publicUrl, "/login");
  return composeMail({
    to,
    subject: `You already have a ${partner.name} account`,
    summary: `already has an account: ${loginUrl}`,
    blocks: [
      {
        paragraph:
          "Someone, probably you, tried to create an account with this e-mail address, but it already has one. Nothing has been changed.",
      },
      { label: "Log in", link: loginUrl },
      { label: "Forgotten your password? Choose a new one", link: publicLink(publicUrl, "/forgot") },
      { paragraph: "If this was not you, you can ignore this e-mail." },
    ],
  });
}

export function passwordResetMail(to: string, resetUrl: string): MailContent {
  return composeMail({
    to,
    subject: `Reset your ${partner.name} password`,
    summary: `password reset link ${resetUrl}`,
    blocks: [
      { paragraph: "We received a request to reset the password of your account." },
      { label: "Choose a new password", link: resetUrl },
      {
        paragraph:
          "The link is valid for 1 hour and can be used once. If you did not ask for it, you can ignore this e-mail: your password stays the same.",
      },
    ],
  });
}
