// Every text of a form page an applicant reads (issue 35): what a translation must cover, and how
// a page is shown translated. Only words change: keys, codes, rules and the `_desc` companions
// (written from the English catalogue by the answer writer) stay as the catalogue defines them.
import type {
  AudienceText,
  Check,
  FormPage,
  Option,
  OptionListId,
  OptionSource,
  Question,
  Section,
  Tab,
} from "../form/catalogue-types";
import { OPTION_LISTS } from "../form/options/option-lists";

type Translate = (english: string) => string;

/** Applies `translate` to every text of the page; returns a new page (the original is untouched). */
export function translatePage(page: FormPage, translate: Translate): FormPage {
  return {
    ...page,
    title: translate(page.title),
    intro: translateAudienceText(page.intro, translate),
    sections: page.sections.map((section) => translateSection(section, translate)),
  };
}

function translateSection(section: Section, translate: Translate): Section {
  return {
    ...section,
    title: translate(section.title),
    ...(section.description ? { description: translateAudienceText(section.description, translate) } : {}),
    ...(section.messagePrefix ? { messagePrefix: translate(section.messagePrefix) } : {}),
    ...(section.repeat
      ? {
          repeat: {
            ...section.repeat,
            buttonLabel: translate(section.repeat.buttonLabel),
            ...(section.repeat.messagePrefixes
              ? { messagePrefixes: section.repeat.messagePrefixes.map(translate) }
              : {}),
          },
        }
      : {}),
    ...(section.tabs
      ? { tabs: { ...section.tabs, tabs: section.tabs.tabs.map((tab) => translateTab(tab, translate)) } }
      : {}),
    questions: section.questions.map((question) => translateQuestion(question, translate)),
  };
}

function translateTab(tab: Tab, translate: Translate): Tab {
  return {
    ...tab,
    label: translate(tab.label),
    questions: tab.questions.map((question) => translateQuestion(question, translate)),
  };
}

function translateQuestion(question: Question, translate: Translate): Question {
  const translated = {
    ...question,
    label: translate(question.label),
    ...(question.description ? { description: translate(question.description) } : {}),
    ...(question.checks ? { checks: question.checks.map((check) => translateCheck(check, translate)) } : {}),
  } as Question;
  if (translated.kind === "select" || translated.kind === "radio") {
    return { ...translated, options: translateSource(translated.options, translate) };
  }
  if (translated.kind === "conditionalSelect") {
    const options = translated.options;
    return {
      ...translated,
      options: isOptionSource(options)
        ? translateSource(options, translate)
        : Object.fromEntries(
            Object.entries(options).map(([value, source]) => [value, translateSource(source, translate)]),
          ),
    };
  }
  return translated;
}

function translateCheck(check: Check, translate: Translate): Check {
  return "message" in check && check.message ? { ...check, message: translate(check.message) } : check;
}

function translateAudienceText(text: AudienceText, translate: Translate): AudienceText {
  return typeof text === "string" ? translate(text) : { ...text, text: translate(text.text) };
}

function isOptionSource(source: object): source is OptionSource {
  return "list" in source || "options" in source || "years" in source;
}

/** A named list's options with translated labels (same values, same order). */
export function translateList(list: OptionListId, translate: Translate): Option[] {
  return OPTION_LISTS[list].map((option) => translateOption(option, translate));
}

function translateOption(option: Option, translate: Translate): Option {
  return option.value === "" ? option : { ...option, label: translate(option.label) };
}

/** Named lists become inline lists of translated options; years have nothing to translate. */
function translateSource(source: OptionSource, translate: Translate): OptionSource {
  if ("years" in source) return source;
  if ("list" in source) return { options: translateList(source.list, translate) };
  return { options: source.options.map((option) => translateOption(option, translate)) };
}

/** Every text of a page, options of named lists excluded (they are the lists' own: `listTexts`). */
export function pageTexts(page: FormPage): Set<string> {
  const texts = new Set<string>();
  translatePage(page, (english) => {
    texts.add(english);
    return english;
  });
  for (const list of Object.keys(OPTION_LISTS) as OptionListId[]) {
    for (const option of OPTION_LISTS[list]) texts.delete(option.label);
  }
  return texts;
}

/** Every option label of the named lists but the empty "--". */
export function listTexts(): Set<string> {
  const texts = new Set<string>();
  for (const list of Object.keys(OPTION_LISTS) as OptionListId[]) {
    for (const option of OPTION_LISTS[list]) if (option.value !== "") texts.add(option.label);
  }
  return texts;
}
