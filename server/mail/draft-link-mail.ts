import type { Language } from "../../src/i18n/language";
import { composeMail } from "./layout";
import { mailDateTime } from "./mail-words";
import { hostIn } from "./templates";
import type { MailContent } from "./types";

/** "December 22, 2026 at 14:05 UTC": the server does not know the reader's time zone. */
function formatExpiry(expiresAt: Date, language: Language): string {
  if (language !== "en") return mailDateTime(expiresAt, language);
  const date = expiresAt.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });
  const time = expiresAt.toLocaleTimeString("en-GB", { timeStyle: "short", timeZone: "UTC" });
  return `${date} at ${time} UTC`;
}

/** The mail's words in each language (Spanish: docs/glossary-es.md). */
const WORDS = {
  en: {
    subject: (host: string) => `Continue your ${host} application`,
    intro:
      "Here is the link you asked for. Open it on the device where you want to continue: the answers you saved with it will be filled in there.",
    link: "Continue your application",
    validity: (until: string) =>
      `The link works until ${until}. Anyone who has it can see the answers in it, so keep this e-mail to yourself. Making a new link, or choosing "Forget this link", ends this one.`,
    notYou: "If you did not ask for this link, you can ignore this e-mail.",
  },
  es: {
    subject: (host: string) => `Continúe su solicitud a ${host}`,
    intro:
      "Este es el enlace que pidió. Ábralo en el dispositivo donde quiera continuar: allí se completarán las respuestas que guardó con él.",
    link: "Continuar su solicitud",
    validity: (until: string) =>
      `El enlace funciona hasta el ${until}. Cualquier persona que lo tenga puede ver las respuestas que contiene, así que no comparta este correo electrónico. Si crea un enlace nuevo o elige «Olvidar este enlace», este deja de funcionar.`,
    notYou: "Si usted no pidió este enlace, puede ignorar este correo electrónico.",
  },
} satisfies Record<Language, unknown>;

/**
 * "E-mail me this link" (decision 0012), in the asking page's language (issue 35). The summary,
 * which the local outbox logs, leaves the link out: it opens someone's answers, and logs must
 * never hold it.
 */
export function draftLinkMail(
  to: string,
  link: string,
  expiresAt: Date,
  language: Language = "en",
): MailContent {
  const words = WORDS[language];
  return composeMail({
    to,
    language,
    subject: words.subject(hostIn(language)),
    summary: "a link to continue an application on another device (in the .eml file only)",
    blocks: [
      { paragraph: words.intro },
      { label: words.link, link },
      { paragraph: words.validity(formatExpiry(expiresAt, language)) },
      { paragraph: words.notYou },
    ],
  });
}
