// The messages an applicant reads that are not a page's words (issue 35): the error catalogue, the
// server's refusals and answers, the length message, the validation summary's sentences. Each has
// Spanish, keeps its values, and is still the app's or the server's.
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../server/services/account-messages";
import { notSavedMessage } from "../features/answers/refused-answers";
import * as summaryModule from "../features/application/summary-messages";
import { attentionCount } from "../features/application/validation-summary";
import { tooLongMessage } from "../form/engine/field-checks";
import {
  NOT_TEXT_REFUSAL,
  refusalMessage,
  tooLongRefusal,
  UNKNOWN_QUESTION_REFUSAL,
} from "../shared/answer-refusals";
import { AUTH_MESSAGES } from "../shared/auth-rules";
import * as documentRules from "../shared/document-rules";
import { DRAFT_LINK_MESSAGES } from "../shared/draft-links";
import { NO_SCHOOL_LIST_MESSAGE } from "../shared/lookup-types";
import * as messagesModule from "../shared/messages";
import { SPANISH_CATALOGUES, spanish } from "./spanish";
import { sourceText, staleKeys } from "./test-source";

const address = "ana@example.com";
const strings = (module: object) => Object.values(module).filter((value) => typeof value === "string");
/** A module's messages, those made from an e-mail address made with one. */
const said = (messages: Record<string, string | ((address: string) => string)>) =>
  Object.values(messages).map((message) => (typeof message === "function" ? message(address) : message));

/** What an applicant may read, as the app or the server writes it (functions with sample values). */
const { bodyNotObject: _protocol, loginThrottled, ...accountMessages } = ACCOUNT_MESSAGES;
const applicantMessages: string[] = [
  ...strings(messagesModule),
  ...Object.values(AUTH_MESSAGES),
  ...Object.entries(documentRules)
    .filter(([name]) => name.endsWith("_MESSAGE"))
    .map(([, message]) => message as string),
  UNKNOWN_QUESTION_REFUSAL,
  NOT_TEXT_REFUSAL,
  tooLongRefusal(45),
  tooLongRefusal(1),
  refusalMessage(["phone", "email"]),
  notSavedMessage(tooLongRefusal(45)),
  tooLongMessage(45),
  tooLongMessage(1),
  loginThrottled(1),
  loginThrottled(15),
  ...said(accountMessages),
  ...said(DRAFT_LINK_MESSAGES),
  NO_SCHOOL_LIST_MESSAGE,
];

const { text, format } = spanish();

describe("the applicant's messages in Spanish", () => {
  it("have Spanish for every message of the error catalogue, the refusals and the account calls", () => {
    expect(applicantMessages.filter((message) => text(message) === undefined)).toEqual([]);
  });

  it("keep the values a message was made with, with plurals by the library", () => {
    expect(text(tooLongMessage(1))).toBe("Use como máximo 1 carácter.");
    expect(text(tooLongMessage(45))).toBe("Use como máximo 45 caracteres.");
    expect(text(loginThrottled(1))).toBe(
      "Demasiados intentos fallidos. Espere 1 minuto e inténtelo de nuevo.",
    );
    expect(text(loginThrottled(15))).toContain("Espere 15 minutos");
    expect(text(DRAFT_LINK_MESSAGES.mailed(address))).toBe(`Enviamos el enlace a ${address}.`);
  });

  it('translate a refusal inside another message (a field\'s "Not saved: …")', () => {
    expect(text(notSavedMessage(tooLongRefusal(45)))).toBe(
      "No guardado: Esta respuesta tiene más de 45 caracteres.",
    );
  });

  it("leave a message the catalogue does not know as it was sent", () => {
    expect(text("A newer server's words.")).toBeUndefined();
  });

  it("hold no message the app and the server no longer write", () => {
    expect(staleKeys(SPANISH_CATALOGUES.messages, sourceText(["src", "server"]))).toEqual([]);
  });
});

describe("the validation summary's sentences", () => {
  const english = setupI18n();
  english.setMessagesCompiler(compileMessage);
  english.loadAndActivate({ locale: "en", messages: {} });

  it("have Spanish, and no more than the module's", () => {
    const messages = strings(summaryModule);
    expect(
      messages.filter((message) => SPANISH_CATALOGUES.application[message as never] === undefined),
    ).toEqual([]);
    expect(Object.keys(SPANISH_CATALOGUES.application).filter((key) => !messages.includes(key))).toEqual([]);
  });

  it.each([0, 1, 2, 28])(
    "count %i answers in English as the first screen's words do, and in Spanish",
    (count) => {
      expect(english._(summaryModule.answersNeedAttention, { count })).toBe(attentionCount(count));
      expect(format(summaryModule.answersNeedAttention, { count })).toMatch(
        count === 1
          ? /^1 respuesta requiere atención\.$/
          : new RegExp(`^${count} respuestas requieren atención\\.$`),
      );
    },
  );
});
