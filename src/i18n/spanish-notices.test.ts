// Toasts and dialogs in Spanish (issue 35): the words the app puts in them, and the sentences it
// makes of a server's message, have Spanish; a dialog's words are its module's.
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { serverErrorMessage } from "../features/answers/sync-status";
import { SUBMIT_BUSY_MESSAGE, UNSENT_MESSAGE } from "../features/application/submit-application";
import * as authModule from "../features/auth/auth-messages";
import { storageFailureMessage } from "../features/documents/storage-failure";
import * as tabSwitchModule from "../features/documents/tab-switch-messages";
import { characters } from "../features/documents/tab-switch-words";
import * as confirmModule from "../features/draft-links/confirm-messages";
import * as draftLinkModule from "../features/draft-links/continue-dialog-messages";
import { CONTINUE_LABEL, OFFLINE_NOTE } from "../features/draft-links/continue-dialog-state";
import { loadedMessage } from "../features/draft-links/loaded-message";
import * as blockRemovalModule from "../features/form/block-removal-messages";
import * as uploadModule from "../features/form/upload-in-progress";
import { profileLoadNotice } from "../features/profile/profile-load-notice";
import * as shellModule from "../features/shell/shell-messages";
import { FAILURE_POLICY } from "../lib/failure-policy";
import { PASSWORD_MATCH_RULE, PASSWORD_RULES } from "../shared/auth-rules";
import { GENERIC_ERROR_MESSAGE } from "../shared/messages";
import { FORM_PAGES } from "../shared/routes";
import { formatEnglish } from "./format-message";
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
    const messages = [...strings(blockRemovalModule), ...strings(tabSwitchModule), ...strings(uploadModule)];
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
      expect(english._(tabSwitchModule.characterCount, { count })).toBe(characters(count));
      expect(format(tabSwitchModule.characterCount, { count })).toMatch(
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
    const messages = [...strings(draftLinkModule), ...strings(confirmModule), CONTINUE_LABEL, OFFLINE_NOTE];
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
    expect(english._(confirmModule.linkHolds, { count })).toBe(confirmModule.linkHoldsEnglish(count));
    expect(format(confirmModule.linkHolds, { count })).toContain(
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

  it("cut a sentence where its link goes, in either language", () => {
    expect(authModule.cutAt(formatEnglish, authModule.chooseNewPasswordFor, "username")).toEqual([
      "Choose a new password for ",
      ".",
    ]);
    expect(authModule.cutAt(format, authModule.enterCodeOrResend, "link")).toEqual([
      "",
      " o solicite uno nuevo abajo.",
    ]);
  });

  it("count the password's length by the library", () => {
    expect(text(PASSWORD_RULES[0]?.label ?? "")).toBe("tiene al menos 12 caracteres");
  });
});

describe("the step links", () => {
  it("name each step by a shell message, translated", () => {
    const steps = FORM_PAGES.map((page) => page.step);
    expect(steps.filter((step) => !strings(shellModule).includes(step))).toEqual([]);
    expect(steps.map((step) => format(step))).toEqual(["Paso uno", "Paso dos", "Paso tres"]);
    expect(format(shellModule.stepLinksToSignup)).toMatch(/^Para ir a otro paso, cree una cuenta/);
  });
});
