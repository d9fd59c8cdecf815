import type { Language } from "../../src/i18n/language";

// The words of the applicant's mails in each language (issue 35): the account's language, English
// when it has none. Spanish follows docs/glossary-es.md (usted; "solicitud", "cuenta"). The English
// is the mails' own from before; links in a Spanish mail carry ?lang=es (templates.ts).

type Words = {
  footerQuestions: string;
  footerSentTo: string;
  confirmSubject: (host: string) => string;
  confirmIntro: string;
  confirmValidity: string;
  confirmLink: string;
  confirmNotYou: string;
  existsSubject: (host: string) => string;
  existsIntro: string;
  existsLogIn: string;
  existsForgot: string;
  notYou: string;
  resetSubject: (host: string) => string;
  resetIntro: string;
  resetLink: string;
  resetValidity: string;
  submittedSubject: (host: string) => string;
  submittedIntro: (host: string, when: string) => string;
  submittedLink: string;
  submittedNext: string;
};

const ENGLISH: Words = {
  footerQuestions: "Questions? Write to",
  footerSentTo: "This e-mail was sent to",
  confirmSubject: (host) => `Your ${host} confirmation code`,
  confirmIntro: "Thank you for creating an account. Use this code to confirm your e-mail address:",
  confirmValidity:
    "The code is valid for 24 hours and can be used once. Enter it on the confirmation page, where you can also ask for a new one.",
  confirmLink: "Confirm your account",
  confirmNotYou: "If you did not create an account, you can ignore this e-mail.",
  existsSubject: (host) => `You already have a ${host} account`,
  existsIntro:
    "Someone, probably you, tried to create an account with this e-mail address, but it already has one. Nothing has been changed.",
  existsLogIn: "Log in",
  existsForgot: "Forgotten your password? Choose a new one",
  notYou: "If this was not you, you can ignore this e-mail.",
  resetSubject: (host) => `Reset your ${host} password`,
  resetIntro: "We received a request to reset the password of your account.",
  resetLink: "Choose a new password",
  resetValidity:
    "The link is valid for 1 hour and can be used once. If you did not ask for it, you can ignore this e-mail: your password stays the same.",
  submittedSubject: (host) => `Your ${host} application has been submitted`,
  submittedIntro: (host, when) => `Thank you. ${host} received your application on ${when}.`,
  submittedLink: "See your application and download its PDF",
  submittedNext: "The admissions office will write to you at this address once it has reviewed it.",
};

const SPANISH: Words = {
  footerQuestions: "¿Preguntas? Escriba a",
  footerSentTo: "Este correo electrónico se envió a",
  confirmSubject: (host) => `Su código de confirmación de ${host}`,
  confirmIntro:
    "Gracias por crear una cuenta. Use este código para confirmar su dirección de correo electrónico:",
  confirmValidity:
    "El código es válido durante 24 horas y puede usarse una sola vez. Escríbalo en la página de confirmación, donde también puede pedir uno nuevo.",
  confirmLink: "Confirmar su cuenta",
  confirmNotYou: "Si usted no creó una cuenta, puede ignorar este correo electrónico.",
  existsSubject: (host) => `Ya tiene una cuenta de ${host}`,
  existsIntro:
    "Alguien, probablemente usted, intentó crear una cuenta con esta dirección de correo electrónico, pero ya tiene una. No se ha cambiado nada.",
  existsLogIn: "Iniciar sesión",
  existsForgot: "¿Olvidó su contraseña? Elija una nueva",
  notYou: "Si no fue usted, puede ignorar este correo electrónico.",
  resetSubject: (host) => `Restablezca su contraseña de ${host}`,
  resetIntro: "Recibimos una solicitud para restablecer la contraseña de su cuenta.",
  resetLink: "Elegir una nueva contraseña",
  resetValidity:
    "El enlace es válido durante 1 hora y puede usarse una sola vez. Si usted no lo pidió, puede ignorar este correo electrónico: su contraseña no cambia.",
  submittedSubject: (host) => `Su solicitud a ${host} ha sido enviada`,
  submittedIntro: (host, when) => `Gracias. ${host} recibió su solicitud el ${when}.`,
  submittedLink: "Ver su solicitud y descargar su PDF",
  submittedNext: "La oficina de admisiones le escribirá a esta dirección cuando la haya revisado.",
};

export const MAIL_WORDS: Readonly<Record<Language, Words>> = { en: ENGLISH, es: SPANISH };

/** A date and time as the reader's language writes it; in UTC, as the server does not know their zone. */
export function mailDateTime(date: Date, language: Language): string {
  const locale = language === "es" ? "es-US" : "en-US";
  const formatted = new Intl.DateTimeFormat(locale, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(date);
  return `${formatted} UTC`;
}
