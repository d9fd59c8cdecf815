import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { partner } from "../config/partner";
import * as actionModule from "../features/application/action-messages";
import * as pdfModule from "../features/application-pdf/pdf-messages";
import * as undoModule from "../features/form/undo-messages";
import * as zipOfferModule from "../features/form/zip-offer-words";
import * as installModule from "../features/pwa/install-messages";
import * as inactivityModule from "../features/session/inactivity-messages";
import * as accountMenuModule from "../features/shell/account-menu-messages";
import * as headModule from "../features/shell/document-head-messages";
import * as errorScreenModule from "../features/shell/error-screen-messages";
import * as footerModule from "../features/shell/footer-messages";
import * as headerModule from "../features/shell/header-words";
import * as shellModule from "../features/shell/shell-messages";
import { unsentWarning } from "../features/shell/unsent-warning";
import type { FormPage } from "../form/catalogue-types";
import { BIRTH_DATE_MESSAGES } from "../form/engine/birth-date";
import { PARENT_MESSAGES, PHONE_MESSAGES, ZIP_TOO_SHORT } from "../form/engine/custom-checks";
import { NOT_AN_OPTION_MESSAGE } from "../form/engine/field-checks";
import { OPTION_LISTS } from "../form/options/option-lists";
import { resolveOptions } from "../form/options/resolve-options";
import { formPages } from "../form/pages/form-pages";
import { catalogueKey } from "./catalogue-lookup";
import { listTexts, pageTexts, translatePage } from "./catalogue-text";
import { formatEnglish } from "./format-message";
import { SPANISH_CATALOGUES, spanish } from "./spanish";

/** Every message of the shell (its module's string constants). */
const shellMessages = [
  ...Object.values(shellModule),
  ...Object.values(actionModule),
  ...Object.values(pdfModule),
  ...Object.values(footerModule),
  ...Object.values(inactivityModule),
  ...Object.values(accountMenuModule),
  ...Object.values(errorScreenModule),
  ...Object.values(undoModule),
  ...Object.values(headModule),
  ...Object.values(installModule),
  ...Object.values(headerModule),
  ...Object.values(zipOfferModule),
].filter((value) => typeof value === "string");
/** The engine's own messages (the catalogue's are its pages' texts). */
const engineMessages = [
  ...Object.values(PHONE_MESSAGES),
  ...Object.values(PARENT_MESSAGES),
  ...Object.values(BIRTH_DATE_MESSAGES),
  ZIP_TOO_SHORT,
  NOT_AN_OPTION_MESSAGE,
];
const merged: Record<string, string> = Object.assign({}, ...Object.values(SPANISH_CATALOGUES));

/** The arguments a message names, `{host}` and `{count, plural, …}` alike. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1] ?? "").sort();
}

describe("the Spanish catalogues", () => {
  it.each(formPages.map((page) => [page.id, page] as const))("translate every text of %s", (_id, page) => {
    const missing = [...pageTexts(page)].filter((text) => merged[catalogueKey(text)] === undefined);
    expect(missing).toEqual([]);
  });

  it("translate every option of the named lists", () => {
    const missing = [...listTexts()].filter((text) => merged[catalogueKey(text)] === undefined);
    expect(missing).toEqual([]);
  });

  it("translate every message of the engine's own checks", () => {
    expect(engineMessages.filter((text) => merged[text] === undefined)).toEqual([]);
  });

  it("translate every message of the shell", () => {
    const missing = shellMessages.filter((text) => SPANISH_CATALOGUES.shell[text] === undefined);
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(SPANISH_CATALOGUES))("keep every placeholder of %s", (_name, catalogue) => {
    const dropped = Object.entries(catalogue as Record<string, string>).filter(
      ([english, spanishText]) => placeholders(english).join() !== placeholders(spanishText).join(),
    );
    expect(dropped).toEqual([]);
  });

  it("hold no translation of a text the app no longer has (partner texts and messages aside)", () => {
    const used = new Set(
      [...formPages.flatMap((page) => [...pageTexts(page)]), ...listTexts(), ...engineMessages].map((t) =>
        catalogueKey(t),
      ),
    );
    // The messages', the summary's, the toasts' and the dialogs' catalogues have tests of their own
    // (spanish-messages.test.ts, spanish-notices.test.ts, spanish-applicant-words.test.ts).
    const {
      partner: _partner,
      shell,
      messages: _messages,
      application: _application,
      notices: _notices,
      dialogs: _dialogs,
      "draft-links": _draftLinks,
      auth: _auth,
      documents: _documents,
      receipt: _receipt,
      ...catalogues
    } = SPANISH_CATALOGUES;
    const stale = Object.values(catalogues).flatMap((catalogue) =>
      Object.keys(catalogue).filter((key) => !used.has(key)),
    );
    expect(stale).toEqual([]);
    const messages = new Set<string>([...shellMessages, unsentWarning]);
    expect(Object.keys(shell).filter((key) => !messages.has(key))).toEqual([]);
  });
});

/** A page without its words: every question's key, kind, rules and option codes, in order. */
function skeleton(page: FormPage) {
  const questions = page.sections.flatMap((section) => [
    ...section.questions,
    ...(section.tabs?.tabs.flatMap((tab) => tab.questions) ?? []),
  ]);
  return questions.map((question) => ({
    key: question.key,
    kind: question.kind,
    visibleWhen: question.visibleWhen,
    checks: question.checks?.map((check) => check.type),
    codes:
      "options" in question && question.kind !== "conditionalSelect"
        ? resolveOptions(question.options, new Date()).map((option) => option.value)
        : undefined,
  }));
}

describe("a page shown in Spanish", () => {
  const { text } = spanish();
  const translate = (english: string) => text(english) ?? english;

  it("changes words only: the same keys, codes and rules", () => {
    for (const page of formPages) {
      const translated = translatePage(page, translate);
      expect(skeleton(translated)).toEqual(skeleton(page));
      expect(JSON.stringify(translated)).not.toBe(JSON.stringify(page));
    }
  });

  it("shows a named list's options with Spanish labels and the catalogue's codes", () => {
    const about = translatePage(formPages[0], translate);
    const pronoun = about.sections.flatMap((s) => s.questions).find((q) => q.key === "personal_pronoun");
    expect(pronoun?.kind).toBe("select");
    if (pronoun?.kind !== "select" || !("options" in pronoun.options)) throw new Error("not translated");
    const english = OPTION_LISTS.pronouns;
    expect(pronoun.options.options.map((o) => o.value)).toEqual(english.map((o) => o.value));
    expect(pronoun.options.options.find((o) => o.value !== "")?.label).toBe("Él");
  });

  it("writes the institution's name into texts that name it", () => {
    expect(translate(`How did you hear about ${partner.name}?`)).toBe(`¿Cómo se enteró de ${partner.name}?`);
    expect(translate("Legal First Name")).toBe("Nombre legal");
  });
});

describe("the shell's messages", () => {
  const english = setupI18n();
  english.setMessagesCompiler(compileMessage);
  english.loadAndActivate({ locale: "en", messages: {} });
  const samples = {
    host: partner.name,
    term: partner.terms.current,
    fee: "(fee)",
    language: "Español",
    title: "About You",
    count: 1,
    email: "help@example.edu",
    phone: "555-0100",
    link: "(link)",
    cookieSettings: "(settings)",
    analyticsOptOut: "(opt-out)",
    privacyPolicy: "(policy)",
    date: "(date)",
    zip: "98101",
    place: "Seattle, WA",
  };

  it.each(shellMessages)("read the same through the first screen's formatter and Lingui: %s", (text) => {
    expect(formatEnglish(text, samples)).toBe(english._(text, samples));
  });

  it("use {name} arguments only, all the first screen's formatter reads (a plural would need Lingui in English)", () => {
    for (const text of shellMessages) expect(text.replace(/\{\w+\}/g, "")).not.toMatch(/[{}]/);
  });

  it("are formatted in Spanish once loaded", () => {
    expect(spanish().format(shellModule.noFee, { host: "X" })).toBe(
      "No hay que pagar ninguna tarifa para presentar la solicitud a X.",
    );
  });
});
