import { partner } from "../../src/config/partner";
import { composeMail } from "./layout";
import type { MailContent } from "./types";

// The staff review's mails (decision 0022): an invitation to set a password, a sign-in code.

export function staffInviteMail(to: string, link: string, hours: number): MailContent {
  return composeMail({
    to,
    subject: `Your ${partner.name} application review account`,
    summary: `staff invitation ${link}`,
    blocks: [
      {
        paragraph:
          "You have been given an account to review applications. Choose your password with this link:",
      },
      { label: "Choose your password", link },
      {
        paragraph: `The link is valid for ${hours} hours and can be used once. Each time you sign in, we will also e-mail you a code.`,
      },
      { paragraph: "If you did not expect this, you can ignore this e-mail." },
    ],
  });
}

export function staffCodeMail(to: string, code: string, minutes: number): MailContent {
  return composeMail({
    to,
    subject: `Your ${partner.name} review sign-in code`,
    summary: `staff sign-in code ${code}`,
    blocks: [
      { paragraph: "Use this code to finish signing in to the application review:" },
      { code },
      {
        paragraph: `The code is valid for ${minutes} minutes. If you did not just sign in, someone knows your password: ask for a new invitation to change it.`,
      },
    ],
  });
}
