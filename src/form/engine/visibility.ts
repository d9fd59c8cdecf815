import { ADD_ANOTHER_DEFAULT_COUNT, ADD_ANOTHER_MAX_COUNT } from "../../shared/constants";
import type { FormPage, Question, Section } from "../catalogue-types";
import { isForViewer, type Viewer } from "./audience";
import { evaluateRule } from "./conditions";
import { answerKeysOf, conditionalOptionSource, offersOptions } from "./question-keys";
import { prefixRenamer, renameQuestion } from "./repeat-keys";

type Answers = Readonly<Record<string, string>>;

export type Block = { prefix: string | null; questions: Question[] };
/** `tab` is the id of the tab a tabbed section shows; its questions follow the section's own. */
export type VisibleSection = { section: Section; blocks: Block[]; tab?: string };
/** Chosen tab id by the section's `tabs.tabId`. */
export type TabChoices = Readonly<Record<string, string>>;
/** Who is looking (`serviceUser`: the read-only service rendering), and the applicant's choices. */
export type VisibilityOptions = Viewer & {
  counts?: Readonly<Record<string, number>>;
  tabs?: TabChoices;
};

/**
 * The tab a tabbed section shows (undefined without tabs): the stored choice for signed-in
 * applicants (and the service user reading one's application) when it names one of its tabs, else
 * the default; anonymous visitors always see the default (spec §4).
 */
export function chosenTab(section: Section, options: Viewer & { tabs?: TabChoices }): string | undefined {
  if (!section.tabs) return undefined;
  const { tabId, defaultTab, tabs } = section.tabs;
  const choice = options.signedIn || options.serviceUser ? options.tabs?.[tabId] : undefined;
  return choice !== undefined && tabs.some((tab) => tab.id === choice) ? choice : defaultTab;
}

/** The questions of one tab of a section (none for an unknown tab). */
export function tabQuestions(section: Section, tabId: string | undefined): readonly Question[] {
  return section.tabs?.tabs.find((tab) => tab.id === tabId)?.questions ?? [];
}

/** Every question a section declares: its own and, for a tabbed section, every tab's. */
export function sectionQuestions(section: Section): Question[] {
  return [...section.questions, ...(section.tabs?.tabs.flatMap((tab) => tab.questions) ?? [])];
}

/**
 * The first `count` blocks of a repeated section, each with its questions' keys (and the rules
 * and checks that read them) rewritten for the block's prefix. A section without `repeat` is one
 * block with prefix null.
 */
export function expandRepeat(section: Section, count: number): Block[] {
  const prefixes = section.repeat?.prefixes;
  if (!prefixes) return [{ prefix: null, questions: [...section.questions] }];
  return prefixes.slice(0, Math.max(0, Math.floor(count))).map((prefix) => {
    const rename = prefixRenamer(section, prefix);
    return { prefix, questions: section.questions.map((question) => renameQuestion(question, rename)) };
  });
}

/**
 * Every block a section declares, whatever is chosen: all blocks of a repeated section, or one
 * block with the section's own questions and every tab's.
 */
export function declaredBlocks(section: Section): Block[] {
  if (section.repeat) return expandRepeat(section, repeatCapacity(section));
  return [{ prefix: null, questions: sectionQuestions(section) }];
}

/** The most blocks a repeated section can show: its prefixes, capped at 10 (spec §9). */
export function repeatCapacity(section: Section): number {
  return Math.min(section.repeat?.prefixes.length ?? 1, ADD_ANOTHER_MAX_COUNT);
}

function hasAnyAnswer(block: Block, answers: Answers): boolean {
  return block.questions.some((question) =>
    answerKeysOf(question).some((key) => (answers[key] ?? "").trim() !== ""),
  );
}

/**
 * Blocks a repeated section shows: the stored add-another count (default 1), but never fewer
 * than the last block that holds an answer, and within 1…capacity.
 */
export function repeatCount(
  section: Section,
  answers: Answers,
  counts?: Readonly<Record<string, number>>,
): number {
  const capacity = repeatCapacity(section);
  const stored = section.repeat ? counts?.[section.repeat.buttonId] : undefined;
  let count =
    stored !== undefined && Number.isFinite(stored) ? Math.floor(stored) : ADD_ANOTHER_DEFAULT_COUNT;
  expandRepeat(section, capacity).forEach((block, index) => {
    if (hasAnyAnswer(block, answers)) count = Math.max(count, index + 1);
  });
  return Math.min(Math.max(count, 1), capacity);
}

/**
 * Spec §4 groups: the keys of the first case whose rule holds are kept; the keys of every other
 * case are hidden (and so cleared). When no case holds, all of the group's keys are hidden.
 */
export function groupHiddenKeys(sections: readonly Section[], answers: Answers): Set<string> {
  const hidden = new Set<string>();
  for (const group of sections.flatMap((section) => section.groups ?? [])) {
    const kept = new Set(group.cases.find((entry) => evaluateRule(entry.when, answers))?.keys ?? []);
    for (const key of group.cases.flatMap((entry) => entry.keys)) {
      if (!kept.has(key)) hidden.add(key);
    }
  }
  return hidden;
}

export function isSectionShown(section: Section, answers: Answers): boolean {
  return !section.visibleWhen || evaluateRule(section.visibleWhen, answers);
}

/**
 * A question's own visibility (audience aside): its rule holds, no group hides its keys, and a
 * conditional select has something to offer — displayOnly while its rule (or, without one, its
 * controller's answer) holds; displayAndOptions only when the controller's value has options.
 */
export function isQuestionShown(
  question: Question,
  answers: Answers,
  groupHidden: ReadonlySet<string>,
): boolean {
  if (question.visibleWhen && !evaluateRule(question.visibleWhen, answers)) return false;
  if (answerKeysOf(question).some((key) => groupHidden.has(key))) return false;
  if (question.kind !== "conditionalSelect") return true;
  if (question.mode === "displayAndOptions") return offersOptions(conditionalOptionSource(question, answers));
  return question.visibleWhen !== undefined || (answers[question.controllerKey] ?? "").trim() !== "";
}

/**
 * What a page shows for these answers: hidden sections and questions left out, repeated sections
 * expanded into their blocks, only the chosen tab's questions of a tabbed section, sections and
 * questions for another audience left out (by default the viewer is an anonymous visitor, so
 * signed-in-only and service-only ones are). A section with nothing left to show is left out too,
 * except a tabbed one for signed-in applicants (its tabs are still to choose from).
 */
export function visiblePage(
  page: FormPage,
  answers: Answers,
  options: VisibilityOptions = { signedIn: false },
): VisibleSection[] {
  const groupHidden = groupHiddenKeys(page.sections, answers);
  const shown: VisibleSection[] = [];
  for (const section of page.sections) {
    if (!isForViewer(section.audience, options) || !isSectionShown(section, answers)) continue;
    const count = section.repeat ? repeatCount(section, answers, options.counts) : 1;
    const tab = chosenTab(section, options);
    const declared = section.tabs
      ? [{ prefix: null, questions: [...section.questions, ...tabQuestions(section, tab)] }]
      : expandRepeat(section, count);
    const blocks = declared.map((block) => ({
      prefix: block.prefix,
      questions: block.questions.filter(
        (question) =>
          isForViewer(question.audience, options) && isQuestionShown(question, answers, groupHidden),
      ),
    }));
    const anyShown = blocks.some((block) => block.questions.length > 0);
    if (anyShown || (tab !== undefined && options.signedIn && !options.serviceUser)) {
      shown.push(tab === undefined ? { section, blocks } : { section, blocks, tab });
    }
  }
  return shown;
}
