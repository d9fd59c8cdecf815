import { partner } from "../../src/config/partner";
import { composeMail } from "./layout";
import type { MailContent } from "./types";

/** "December 22, 2026 at 14:05 UTC": the server does not know the reader's time zone. */
function formatExpiry(expiresAt: Date): string {
  const date = expiresAt.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
  const time = expiresAt.toLocaleTimeString("en-GB", { timeStyle: "short", timeZone: "UTC" });
  return `${date} at ${time} UTC`;
}

/**
 * "E-mail me this link" (decision 0012). The summary, which the local outbox logs, leaves the link
 * out: it opens someone's answers, and logs must never hold it.
 */
export function draftLinkMail(to: string, link: string, expiresAt: Date): MailContent {
  return composeMail({
    to,
    subject: `Continue your ${partner.name} application`,
    summary: "a link to continue an application on another device (in the .eml file only)",
    blocks: [
      {
        paragraph:
          "Here is the link you asked for. Open it on the device where you want to continue: the answers you saved with it will be filled in there.",
      },
      { label: "Continue your application", link },
      {
        paragraph: `The link works until ${formatExpiry(expiresAt)}. Anyone who has it can see the answers in it, so keep this e-mail to yourself. Making a new link, or choosing "Forget this link", ends this one.`,
      },
      { paragraph: "If you did not ask for this link, you can ignore this e-mail." },
    ],
  });
}
