// Toasts and dialogs in Spanish (issue 35): the words the app puts in them, and the sentences it
// makes of a server's message, have Spanish; a dialog's words are its module's.
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { serverErrorMessage } from "../features/answers/sync-status";
import { SUBMIT_BUSY_MESSAGE, UNSENT_MESSAGE } from "../features/application/submit-application";
import * as authModule from "../features/auth/auth-messages";
import { storageFailureMessage } from "../features/documents/storage-failure";
import { characters } from "../features/documents/tab-switch-words";
import { CONTINUE_LABEL, OFFLINE_NOTE } from "../features/draft-links/continue-dialog-state";
import * as draftLinkModule from "../features/draft-links/draft-link-messages";
import { loadedMessage } from "../features/draft-links/loaded-message";
import * as dialogModule from "../features/form/dialog-messages";
import * as uploadModule from "../features/form/upload-in-progress";
import { profileLoadNotice } from "../features/profile/profile-load-notice";
import { FAILURE_POLICY } from "../lib/failure-policy";
import { PASSWORD_MATCH_RULE, PASSWORD_RULES } from "../shared/auth-rules";
import { GENERIC_ERROR_MESSAGE } from "../shared/messages";
import { SPANISH_CATALOGUES, spanish } from "./spanish";
import { sourceText, staleKeys } from "./test-source";

const { text, format } = spanish();
const strings = (module: object) => Object.values(module).filter((value) => typeof value === "string");

/** Toasts' and dialogs' words as the app writes them (with a server's message inside some). */
const notices: string[] = [
  UNSENT_MESSAGE,
  SUBMIT_BUSY_MESSAGE,
  serverErrorMessage(null, 1),
  serverErrorMessage("The server is restarting. Please try again in a moment.", 3),
  storageFailureMessage(new DOMException("full", "QuotaExceededError")),
  storageFailureMessage(new Error("refused")),
  ...["tabs", "add-another", "upload"].flatMap((kind) => {
    const policy = FAILURE_POLICY[kind as keyof typeof FAILURE_POLICY];
    return [policy.toastLabel?.("Personal statement"), policy.toastTitle?.("Personal statement")];
  }),
  ...[
    profileLoadNotice({ kind: "unreachable", offline: false, deviceCopy: true } as never),
    profileLoadNotice({ kind: "server-problem", message: GENERIC_ERROR_MESSAGE, deviceCopy: true } as never),
    profileLoadNotice({ kind: "refused", message: GENERIC_ERROR_MESSAGE, deviceCopy: false } as never),
  ].flatMap((notice) => (notice ? [notice.title, notice.message] : [])),
].filter((notice): notice is string => typeof notice === "string");

describe("toasts and dialogs in Spanish", () => {
  it("have Spanish for the app's toasts, with the server's message inside them translated", () => {
    expect(notices.filter((notice) => text(notice) === undefined)).toEqual([]);
    expect(text(serverErrorMessage("The server is restarting. Please try again in a moment.", 3))).toBe(
      "El servidor tuvo un problema, así que 3 cambios se guardan en este dispositivo: El servidor se está reiniciando. Inténtelo de nuevo en un momento.",
    );
    expect(text(serverErrorMessage(null, 1))).toMatch(
      /^El servidor tuvo un problema, así que 1 cambio se guarda/,
    );
  });

  it("have Spanish for every word of the dialogs' module, and no more", () => {
    const messages = [...strings(dialogModule), ...strings(uploadModule)];
    const catalogue = SPANISH_CATALOGUES.dialogs as Record<string, string>;
    expect(messages.filter((message) => catalogue[message] === undefined)).toEqual([]);
    expect(Object.keys(catalogue).filter((key) => !messages.includes(key))).toEqual([]);
  });

  it.each([1, 2, 1500])(
    "count %i characters in English as before, and in Spanish by the library",
    (count) => {
      const english = setupI18n();
      english.setMessagesCompiler(compileMessage);
      english.loadAndActivate({ locale: "en", messages: {} });
      expect(english._(dialogModule.characterCount, { count })).toBe(characters(count));
      expect(format(dialogModule.characterCount, { count })).toMatch(
        count === 1 ? /^1 carácter$/ : /^\d[\d.\s]* caracteres$/,
      );
    },
  );

  it("hold no toast's words the app no longer writes", () => {
    expect(staleKeys(SPANISH_CATALOGUES.notices, sourceText(["src", "server"]))).toEqual([]);
  });
});

describe("continuing on another device in Spanish", () => {
  const english = setupI18n();
  english.setMessagesCompiler(compileMessage);
  english.loadAndActivate({ locale: "en", messages: {} });

  it("has Spanish for every word of the dialog, and no more", () => {
    const messages = [...strings(draftLinkModule), CONTINUE_LABEL, OFFLINE_NOTE];
    const catalogue = SPANISH_CATALOGUES["draft-links"] as Record<string, string>;
    expect(messages.filter((message) => catalogue[message] === undefined)).toEqual([]);
    expect(Object.keys(catalogue).filter((key) => !messages.includes(key))).toEqual([]);
    expect([loadedMessage(0), loadedMessage(3)].filter((message) => text(message) === undefined)).toEqual([]);
  });

  it.each([1, 2, 12])("counts %i answers in English as before, and in Spanish by the library", (count) => {
    const until = "December 22, 2026";
    expect(english._(draftLinkModule.linkWorks, { count, until })).toBe(
      draftLinkModule.linkWorksEnglish(count, until),
    );
    expect(english._(draftLinkModule.linkHolds, { count })).toBe(draftLinkModule.linkHoldsEnglish(count));
    expect(format(draftLinkModule.linkHolds, { count })).toContain(
      count === 1 ? "contiene 1 respuesta guardada" : `contiene ${count} respuestas guardadas`,
    );
  });
});

describe("the account pages in Spanish", () => {
  it("have Spanish for every word of the pages and the password checklist, and no more", () => {
    const rules = [...PASSWORD_RULES, PASSWORD_MATCH_RULE].map((rule) => rule.label);
    expect(strings(authModule).filter((message) => format(message) === message)).toEqual([]);
    expect(rules.filter((rule) => text(rule) === undefined)).toEqual([]);
    const known = new Set([...strings(authModule), ...rules, "is at least {count} characters"]);
    expect(Object.keys(SPANISH_CATALOGUES.auth).filter((key) => !known.has(key))).toEqual([]);
  });

  it("count the password's length by the library", () => {
    expect(text(PASSWORD_RULES[0]?.label ?? "")).toBe("tiene al menos 12 caracteres");
  });
});
