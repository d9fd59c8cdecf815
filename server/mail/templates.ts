import { partner } from "../../src/config/partner";
import { partnerNameIn } from "../../src/config/partner-name";
import type { Language } from "../../src/i18n/language";
import { composeMail } from "./layout";
import { MAIL_WORDS, mailDateTime } from "./mail-words";
import type { MailContent } from "./types";

/**
 * Absolute link to a page of the app, always built from PUBLIC_URL (never the request's Host). In
 * a language other than English it carries `?lang=`, so the page opens in the mail's language.
 */
export function publicLink(
  publicUrl: string,
  path: string,
  query: Record<string, string> = {},
  language: Language = "en",
): string {
  const url = new URL(`${publicUrl}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  if (language !== "en") url.searchParams.set("lang", language);
  return url.toString();
}

export function confirmationCodeMail(
  to: string,
  code: string,
  publicUrl: string,
  language: Language = "en",
): MailContent {
  const words = MAIL_WORDS[language];
  return composeMail({
    to,
    language,
    subject: words.confirmSubject(hostIn(language)),
    summary: `confirmation code ${code}`,
    blocks: [
      { paragraph: words.confirmIntro },
      { code },
      { paragraph: words.confirmValidity },
      { label: words.confirmLink, link: publicLink(publicUrl, "/confirm", {}, language) },
      { paragraph: words.confirmNotYou },
    ],
  });
}

export function accountExistsMail(to: string, publicUrl: string, language: Language = "en"): MailContent {
  const words = MAIL_WORDS[language];
  const loginUrl = publicLink(publicUrl, "/login", {}, language);
  return composeMail({
    to,
    language,
    subject: words.existsSubject(hostIn(language)),
    summary: `already has an account: ${loginUrl}`,
    blocks: [
      { paragraph: words.existsIntro },
      { label: words.existsLogIn, link: loginUrl },
      { label: words.existsForgot, link: publicLink(publicUrl, "/forgot", {}, language) },
      { paragraph: words.notYou },
    ],
  });
}

/** `resetUrl` is built by the caller (reset-links.ts), with the language's `?lang=`. */
export function passwordResetMail(to: string, resetUrl: string, language: Language = "en"): MailContent {
  const words = MAIL_WORDS[language];
  return composeMail({
    to,
    language,
    subject: words.resetSubject(hostIn(language)),
    summary: `password reset link ${resetUrl}`,
    blocks: [
      { paragraph: words.resetIntro },
      { label: words.resetLink, link: resetUrl },
      { paragraph: words.resetValidity },
    ],
  });
}

/** The institution's name as a mail in `language` writes it (its configuration's Spanish, else its own). */
export function hostIn(language: Language): string {
  return partnerNameIn(partner, language);
}

/** Sent once an application is submitted (issue 35): the applicant's receipt, in their language. */
export function submittedMail(
  to: string,
  submittedAt: Date,
  publicUrl: string,
  language: Language = "en",
): MailContent {
  const words = MAIL_WORDS[language];
  const completion = publicLink(publicUrl, "/completion", {}, language);
  return composeMail({
    to,
    language,
    subject: words.submittedSubject(hostIn(language)),
    summary: `application submitted: ${completion}`,
    blocks: [
      { paragraph: words.submittedIntro(hostIn(language), mailDateTime(submittedAt, language)) },
      { label: words.submittedLink, link: completion },
      { paragraph: words.submittedNext },
    ],
  });
}
