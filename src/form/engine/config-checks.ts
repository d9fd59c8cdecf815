// Spec §5 "local-development-only configuration errors": mistakes in the catalogue itself. A unit
// test runs this over every page, so a broken catalogue fails `npm test`.
import { ADD_ANOTHER_MAX_COUNT } from "../../shared/constants";
import { ANSWER_KEYS, PAGE_OF_KEY } from "../answer-keys";
import type { FormPage, OptionSource, Question, Section } from "../catalogue-types";
import { OPTION_LISTS } from "../options/option-lists";
import { ruleKeys } from "./conditions";
import { countryKeyFor, PARENT_CONTACTS, PARENT_PREFERENCE_KEY, PHONE_KEYS } from "./custom-checks";
import { answerKeysOf } from "./question-keys";
import { expandRepeat, sectionQuestions } from "./visibility";

export type CatalogueReport = { errors: string[]; warnings: string[] };

function sourceProblem(source: OptionSource | undefined): string | undefined {
  if (!source) return "has no options";
  if ("list" in source)
    return source.list in OPTION_LISTS ? undefined : `uses unknown option list "${source.list}"`;
  if ("years" in source) return source.years.count > 0 ? undefined : "has an empty year list";
  return source.options.some((option) => option.value !== "") ? undefined : "has no options";
}

function optionProblems(question: Question): string[] {
  switch (question.kind) {
    case "select":
    case "radio":
      return [sourceProblem(question.options)].filter((p) => p !== undefined);
    case "conditionalSelect": {
      if (question.mode === "displayOnly") {
        return [sourceProblem(question.options as OptionSource)].filter((p) => p !== undefined);
      }
      const byValue = Object.values(question.options as Readonly<Record<string, OptionSource>>);
      if (byValue.length === 0) return ["has no options for any controller value"];
      return byValue.map(sourceProblem).filter((p) => p !== undefined);
    }
    case "monthYear":
      return question.years.count > 0 ? [] : ["has an empty year list"];
    default:
      return [];
  }
}

/** Keys a question reads or writes besides its own answer keys. */
function referencedKeys(question: Question): string[] {
  const fromChecks = (question.checks ?? []).flatMap((check) =>
    check.type === "required" || check.type === "number" ? ruleKeys(check.when) : [],
  );
  const own = [...ruleKeys(question.visibleWhen), ...fromChecks];
  if (question.kind === "conditionalSelect") own.push(question.controllerKey);
  if (question.kind === "autocomplete") own.push(...Object.values(question.fills ?? {}));
  for (const check of question.checks ?? []) {
    if (check.type !== "custom") continue;
    if (check.check === "phonePair") own.push(...Object.values(PHONE_KEYS));
    if (check.check === "parentContact") {
      own.push(
        PARENT_PREFERENCE_KEY,
        ...PARENT_CONTACTS.flatMap((p) => [`${p.prefix}email_address`, `${p.prefix}phone`]),
      );
    }
    if (check.check === "stateForUsaCan" || check.check === "zipForUsa") {
      own.push(countryKeyFor(question.key, check.check === "zipForUsa" ? "zip" : "state") ?? "");
    }
  }
  return own;
}

function customCheckProblems(question: Question): string[] {
  return (question.checks ?? []).flatMap((check) => {
    if (check.type !== "custom") return [];
    if (check.check === "monthYearPair" && question.kind !== "monthYear")
      return ["monthYearPair on a non-monthYear"];
    if (check.check === "stateForUsaCan" && !question.key.endsWith("state"))
      return ["stateForUsaCan on a non-state key"];
    if (check.check === "zipForUsa" && !question.key.endsWith("zip")) return ["zipForUsa on a non-zip key"];
    return [];
  });
}

function repeatProblems(section: Section): string[] {
  if (!section.repeat) return [];
  const { prefixes } = section.repeat;
  if (prefixes.length === 0)
    return [`Section "${section.id}": repeat has no prefixes (missing configuration)`];
  const problems: string[] = [];
  if (prefixes.length > ADD_ANOTHER_MAX_COUNT) {
    problems.push(
      `Section "${section.id}": ${prefixes.length} repeat prefixes exceed maxNumberOfComponents (10)`,
    );
  }
  const { messagePrefixes } = section.repeat;
  if (messagePrefixes && messagePrefixes.length !== prefixes.length) {
    problems.push(
      `Section "${section.id}": ${messagePrefixes.length} message prefixes for ${prefixes.length} repeat prefixes`,
    );
  }
  for (const key of section.questions.flatMap(answerKeysOf)) {
    if (!key.startsWith(prefixes[0] ?? "")) {
      problems.push(
        `Section "${section.id}": key "${key}" does not start with the first prefix "${prefixes[0]}"`,
      );
    }
  }
  return problems;
}

function tabProblems(section: Section): string[] {
  if (!section.tabs) return [];
  const at = `Section "${section.id}"`;
  const { defaultTab, tabs } = section.tabs;
  const problems: string[] = [];
  if (section.repeat) problems.push(`${at}: tabs cannot be combined with repeat`);
  if (tabs.length === 0) problems.push(`${at}: tabs has no tabs (missing configuration)`);
  const ids = new Set<string>();
  for (const tab of tabs) {
    if (ids.has(tab.id)) problems.push(`${at}: duplicate tab id "${tab.id}"`);
    ids.add(tab.id);
    if (tab.label.trim() === "") problems.push(`${at}: tab "${tab.id}" has no label (missing configuration)`);
  }
  if (tabs.length > 0 && !ids.has(defaultTab)) {
    problems.push(`${at}: default tab "${defaultTab}" is not one of its tabs`);
  }
  return problems;
}

/** Checks the catalogue: errors break the form; warnings name data-model keys no question covers. */
export function checkCatalogue(pages: readonly FormPage[]): CatalogueReport {
  const errors: string[] = [];
  const declaredOn = new Map<string, string[]>();
  const sectionIds = new Set<string>();
  const references: { where: string; key: string; pageId?: string }[] = [];

  for (const page of pages) {
    for (const section of page.sections) {
      if (sectionIds.has(section.id)) errors.push(`Duplicate section id "${section.id}"`);
      sectionIds.add(section.id);
      errors.push(...repeatProblems(section), ...tabProblems(section));
      const where = `Section "${section.id}"`;
      for (const key of ruleKeys(section.visibleWhen)) references.push({ where, key });
      for (const key of section.clearsKeys ?? []) references.push({ where: `${where} clearsKeys`, key });
      for (const group of section.groups ?? []) {
        for (const { when, keys } of group.cases) {
          for (const key of ruleKeys(when)) references.push({ where: `${where} group`, key });
          for (const key of keys) references.push({ where: `${where} group`, key, pageId: page.id });
        }
      }
      for (const tab of section.tabs?.tabs ?? []) {
        for (const key of tab.clearsKeys ?? []) {
          references.push({ where: `${where} tab "${tab.id}" clearsKeys`, key, pageId: page.id });
        }
      }
      const questions = section.tabs
        ? sectionQuestions(section)
        : expandRepeat(section, section.repeat?.prefixes.length ?? 1).flatMap((block) => block.questions);
      for (const question of questions) {
        const at = `Question "${question.key}" (page ${page.id})`;
        if (question.label.trim() === "") errors.push(`${at} has no label (missing configuration)`);
        for (const problem of [...optionProblems(question), ...customCheckProblems(question)]) {
          errors.push(`${at} ${problem} (missing configuration)`);
        }
        for (const key of referencedKeys(question)) references.push({ where: at, key });
        for (const key of answerKeysOf(question)) {
          declaredOn.set(key, [...(declaredOn.get(key) ?? []), page.id]);
          if (!ANSWER_KEYS.has(key))
            errors.push(`${at}: key "${key}" is not in the data model (answer-keys.ts)`);
          else if (PAGE_OF_KEY.get(key) !== page.id) {
            errors.push(`${at}: key "${key}" belongs to page ${PAGE_OF_KEY.get(key)} in the data model`);
          }
        }
      }
    }
  }

  for (const [key, pageIds] of declaredOn) {
    if (pageIds.length > 1) errors.push(`Duplicate key "${key}" (declared on: ${pageIds.join(", ")})`);
  }
  for (const { where, key, pageId } of references) {
    const declared = declaredOn.get(key);
    if (!declared) errors.push(`${where} refers to "${key}", which no question declares`);
    else if (pageId && !declared.includes(pageId)) errors.push(`${where} lists "${key}" from another page`);
  }

  const warnings = pages.flatMap((page) =>
    [...PAGE_OF_KEY]
      .filter(([key, keyPage]) => keyPage === page.id && !declaredOn.has(key))
      .map(([key]) => `Data-model key "${key}" of page ${page.id} has no question`),
  );
  return { errors, warnings };
}
