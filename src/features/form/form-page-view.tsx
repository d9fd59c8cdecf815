import {
  memo,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { Button } from "react-aria-components";
import { useLocation } from "react-router-dom";
import { partner } from "../../config/partner";
import type { FormPage, Question, Section } from "../../form/catalogue-types";
import { textForViewer } from "../../form/engine/audience";
import { answerKeysOf } from "../../form/engine/question-keys";
import { isQuestionRequired, requiredKeys } from "../../form/engine/required";
import { validateAnswers } from "../../form/engine/validate";
import { type Block, repeatCapacity, type VisibleSection, visiblePage } from "../../form/engine/visibility";
import { catalogueText } from "../../i18n/translations";
import { useLanguage } from "../../i18n/use-language";
import { useTranslatedPage } from "../../i18n/use-translated-page";
import { announcementsHeld } from "../../lib/announcement-hold";
import { preloadWhenIdle } from "../../lib/preload-when-idle";
import { useDocumentTitle } from "../../lib/use-document-title";
import { answerStore } from "../answers/answer-session";
import { useClientSnapshot } from "../profile/snapshot-context";
import { PageNotices } from "../shell/page-notices";
import * as shellMessages from "../shell/shell-messages";
import {
  addAnotherId,
  type BlockFiles,
  blockName,
  lazyBlockFiles,
  type RemoveBlock,
  useBlockRemoval,
} from "./block-removal";
import { debounce } from "./debounce";
import { FieldErrors } from "./field-errors";
import { FormEngagedContext } from "./form-engaged";
import { withHeldAnswers } from "./held-answers";
import { pageDependencyKeys } from "./page-dependencies";
import { useMarkPageRendered } from "./page-rendered";
import { partComponent } from "./part-component";
import { collectionsPart } from "./question-parts";
import { QuestionView } from "./question-view";
import { type RenderedUnit, readyPageEnd, readyUnit, TAB_LIST } from "./ready-question-parts";
import { useRenderOnNeed } from "./render-on-need";
import { answerWriter } from "./set-answer";
import { applyAtOnce, type TabSwitchHandler, useTabSwitching } from "./tab-switch";
import { FieldErrorsContext } from "./use-field-errors";
import { useAnswersOf } from "./use-form-answers";
import { useHashFocus } from "./use-hash-focus";
import { useProgressiveCount } from "./use-progressive-count";
import { useUiChoices } from "./use-ui-choices";

function engineContext() {
  return { hostName: partner.name, today: new Date(), translate: catalogueText };
}

// The answers' writer (a worker) starts, and the sync engine loads, when the page is idle once all
// of it is on screen, or at the first focus in the form if that comes first (decision 0020).
preloadWhenIdle(async () => answerStore.prepareWrites());

/** Errors being fixed may clear once typing pauses this long. */
const EDIT_CHECK_MS = 250;

/**
 * The page's frame renders at once, alone (replacing the prerendered shell in one commit, the
 * longest of the page's: the header, steps and banner are new nodes too); the questions a step per
 * idle moment, from one question up to what the device renders quickly (see useProgressiveCount),
 * so that no commit is a long task: a React Aria question's commit and the browser's layout after
 * it take 5–20 ms on a fast machine, four times that on a phone. Nothing below the form (the page's
 * actions, the footer) is rendered until every question is, so nothing the applicant sees moves
 * meanwhile.
 */
const FIRST_SCREEN_QUESTIONS = 0;

type Unit = RenderedUnit;

/** A tabbed section's tabs: built on React Aria's collections, a part loaded apart (question-parts.ts). */
const FormTabs = partComponent(collectionsPart, (part) => part.FormTabs);

function isQuestion(unit: Unit): unit is Question {
  return unit !== TAB_LIST;
}

/**
 * What a section renders, in order, one unit of progressive rendering each: its questions (the
 * first block only for visitors, spec §6); a tabbed section's own questions, then, for a signed-in
 * applicant, its tab list, then its tab's questions. The tab list is a unit of its own: React
 * Aria's tabs build their collection and look for a tabbable child in the panel as they commit,
 * as long as a question's commit (visitors see the default tab's questions with no tab list, §4).
 */
function sectionUnitsOf({ section, blocks, tab }: VisibleSection, signedIn: boolean): readonly Unit[] {
  const questions = (signedIn ? blocks : blocks.slice(0, 1)).flatMap((block) => block.questions);
  if (!section.tabs) return questions;
  const ownKeys = new Set(section.questions.flatMap(answerKeysOf));
  const own = questions.filter((question) => ownKeys.has(question.key));
  const inTab = questions.filter((question) => !ownKeys.has(question.key));
  return signedIn && tab !== undefined ? [...own, TAB_LIST, ...inTab] : [...own, ...inTab];
}

/**
 * Renders a catalogue page through the engine: the visible sections (each a region with a
 * heading), the blocks of repeated sections, the chosen tab of tabbed sections, and every question
 * by its kind. The page re-renders only when an answer its visibility rules read changes, or an
 * add-another count or tab choice does.
 */
export function FormPageView({
  page: englishPage,
  switchTabs = applyAtOnce,
  tabNotice,
  blockFiles = lazyBlockFiles,
  after = null,
}: {
  page: FormPage;
  /** A removed repeated block's files (the documents feature, on a page whose blocks have some). */
  blockFiles?: BlockFiles;
  /** Decides each tab switch (the documents feature asks before deleting, tab-switch.ts). */
  switchTabs?: TabSwitchHandler;
  /** What a tabbed section shows above its chosen tab's questions (an undo after a switch). */
  tabNotice?: (section: Section) => ReactNode;
  /** What follows the form (the page's actions): rendered once every question has been. */
  after?: ReactNode;
}) {
  // Words in the applicant's language; keys, codes and rules are the catalogue's (issue 35).
  const page = useTranslatedPage(englishPage);
  const { t } = useLanguage();
  const { snapshot } = useClientSnapshot();
  const signedIn = snapshot.is_logged_in;
  const owner = signedIn ? answerStore.owner : null;
  const dependencies = useMemo(() => pageDependencyKeys(page), [page]);
  const controlling = useAnswersOf(dependencies);
  const { counts, tabs, add, setCount, choose } = useUiChoices(page, owner);
  const { removeBlock, dialog: removalDialog } = useBlockRemoval(setCount, blockFiles);
  const sections = useMemo(
    // Recomputed when a controlling answer changes; the engine also reads the others (e.g. which
    // repeated blocks hold answers) as they are at that moment.
    () => visiblePage(page, { ...answerStore.all(), ...controlling }, { signedIn, counts, tabs }),
    [page, controlling, signedIn, counts, tabs],
  );
  // The controlling answers include every answer a requirement's condition reads.
  const required = useMemo(
    () => requiredKeys(sections, { ...answerStore.all(), ...controlling }),
    [sections, controlling],
  );

  // One controller per page and audience, so what the applicant has left stays known when a
  // block is added or a tab chosen; the counts and tabs are read at each validation.
  const choicesRef = useRef({ counts, tabs });
  const errors = useMemo(() => {
    const validate = (answers: Readonly<Record<string, string>>, includeRequired: boolean) =>
      validateAnswers([page], answers, engineContext(), {
        includeRequired,
        signedIn,
        counts: choicesRef.current.counts,
        tabs: choicesRef.current.tabs,
      });
    return new FieldErrors(validate, () => withHeldAnswers(answerStore.all()));
  }, [page, signedIn]);
  useEffect(() => {
    if (choicesRef.current.counts === counts && choicesRef.current.tabs === tabs) return;
    choicesRef.current = { counts, tabs };
    errors.changed();
  }, [errors, counts, tabs]);

  // Spec §4: leaving a tab clears its answers through the one write path, then the choice is kept.
  const onSwitchTab = useTabSwitching(signedIn, choose, switchTabs);
  useEffect(() => errors.setValidating(snapshot.web_status === "validating"), [errors, snapshot.web_status]);
  useEffect(() => {
    const check = debounce(() => errors.edited(), EDIT_CHECK_MS);
    const stop = answerWriter.onWrite((changes) => {
      errors.noteEdited(Object.keys(changes));
      check();
    });
    return () => {
      stop();
      check.cancel();
    };
  }, [errors]);

  // A fragment link (/about#{questionKey}, the validation summary's) must find its question at once.
  const { hash } = useLocation();
  const sectionUnits = useMemo(
    () => sections.map((shown) => sectionUnitsOf(shown, signedIn)),
    [sections, signedIn],
  );
  // How many units each section counts for: at least one (a section with none renders its heading).
  const units = useMemo(() => sectionUnits.map((list) => Math.max(1, list.length)), [sectionUnits]);
  const total = units.reduce((sum, count) => sum + count, 0);
  // A unit whose code is loaded apart (a select, a date, a tab list) has it readied in idle moments first.
  const prepare = useCallback(
    (unit: number) => {
      const next = unitAt(sectionUnits, units, unit);
      // The page's actions (a part loaded apart) start loading with its last unit.
      if (unit === total - 1) readyPageEnd();
      return next !== undefined && readyUnit(next);
    },
    [sectionUnits, units, total],
  );
  // The questions below the first screens wait until they are needed (render-on-need.ts).
  const need = useRenderOnNeed();
  const rendered = useProgressiveCount(total, {
    initial: FIRST_SCREEN_QUESTIONS,
    all: hash.length > 1,
    paused: need.paused,
    prepare,
  });
  const complete = rendered >= total;
  const markPageRendered = useMarkPageRendered();
  useEffect(() => {
    if (complete) markPageRendered();
  }, [complete, markPageRendered]);
  const [engaged, setEngaged] = useState(false);
  // A transition: the first focus is not held up by the selects it readies for autofill. The
  // answers' writer (a worker) starts now if it has not yet (see preloadWhenIdle above).
  const askRest = need.ask;
  const engage = useCallback(() => {
    answerStore.prepareWrites();
    askRest();
    startTransition(() => setEngaged(true));
  }, [askRest]);
  useHashFocus();
  useDocumentTitle(page.title);
  const intro = textForViewer(page.intro, { signedIn });

  return (
    <FieldErrorsContext.Provider value={errors}>
      <h1 tabIndex={-1}>{page.title}</h1>
      {intro ? <p className="page-intro">{intro}</p> : null}
      <p className="page-required-note">
        {t(shellMessages.requiredNoteBefore)}
        <span className="field__required">*</span>
        {t(shellMessages.requiredNoteAfter)}
      </p>
      <PageNotices />
      <FieldErrorAnnouncer errors={errors} />
      <form className="form-page" onSubmit={(event) => event.preventDefault()} onFocus={engage} noValidate>
        <FormEngagedContext.Provider value={engaged}>
          {sectionsUpTo(sections, units, rendered).map(({ shown, limit }, index) => (
            <SectionView
              key={shown.section.id}
              shown={shown}
              units={sectionUnits[index] ?? []}
              limit={limit}
              required={required}
              signedIn={signedIn}
              onAddAnother={add}
              onRemoveBlock={removeBlock}
              onSwitchTab={onSwitchTab}
              tabNotice={tabNotice}
            />
          ))}
        </FormEngagedContext.Provider>
      </form>
      {complete ? after : <div ref={need.sentinel} className="form-page__rest" aria-hidden="true" />}
      {removalDialog}
    </FieldErrorsContext.Provider>
  );
}

/** Unit `unit` of the page's progressive rendering (see sectionUnitsOf), if any. */
function unitAt(
  sectionUnits: readonly (readonly Unit[])[],
  units: readonly number[],
  unit: number,
): Unit | undefined {
  let before = 0;
  for (const [index, list] of sectionUnits.entries()) {
    const count = units[index] ?? 1;
    if (unit < before + count) return list[unit - before];
    before += count;
  }
  return undefined;
}

/**
 * The sections holding the first `rendered` units, each with how many of its questions to render
 * (Infinity: all of them).
 */
function sectionsUpTo(
  sections: readonly VisibleSection[],
  units: readonly number[],
  rendered: number,
): { shown: VisibleSection; limit: number }[] {
  const result: { shown: VisibleSection; limit: number }[] = [];
  let before = 0;
  for (const [index, shown] of sections.entries()) {
    if (before >= rendered) break;
    const count = units[index] ?? 1;
    result.push({ shown, limit: rendered - before >= count ? Number.POSITIVE_INFINITY : rendered - before });
    before += count;
  }
  return result;
}

/**
 * Says a field's new error once, as the applicant leaves the field (the errors at the fields are
 * not live regions). Not while a submission's outcome is being said: its summary lists them.
 */
function FieldErrorAnnouncer({ errors }: { errors: FieldErrors }) {
  const latest = useSyncExternalStore(
    (listener) => errors.subscribeAnnouncement(listener),
    () => errors.announcement(),
  );
  const [said, setSaid] = useState("");
  useEffect(() => {
    if (latest !== "" && !announcementsHeld()) setSaid(latest);
  }, [latest]);
  return (
    <p className="visually-hidden" aria-live="polite">
      {said}
    </p>
  );
}

/**
 * One section. Memoised: a progressive step re-renders only the section whose limit changed (the
 * others' props are the same objects), not every section rendered so far.
 */
const SectionView = memo(function SectionView({
  shown: { section, blocks: allBlocks, tab },
  units,
  limit,
  required,
  signedIn,
  onAddAnother,
  onRemoveBlock,
  onSwitchTab,
  tabNotice,
}: {
  shown: VisibleSection;
  /** What it renders, in order (sectionUnitsOf). */
  units: readonly Unit[];
  /** How many of its units to render yet (progressive rendering); Infinity: all. */
  limit: number;
  required: ReadonlySet<string>;
  signedIn: boolean;
  /** Adds a block to a repeated section that shows `current` of them. */
  onAddAnother: (buttonId: string, current: number, capacity: number) => void;
  /** Removes block `index` of the `shown` (issue 37, point 9). */
  onRemoveBlock: RemoveBlock;
  onSwitchTab: (section: Section, from: string, to: string) => Promise<void>;
  tabNotice: ((section: Section) => ReactNode) | undefined;
}) {
  // Spec §6: add-another counts are not kept for anonymous visitors; they see the first block.
  const visibleBlocks = signedIn ? allBlocks : allBlocks.slice(0, 1);
  // A tabbed section's units are cut in TabbedQuestions (its tab list is one of them).
  const blocks = tab !== undefined ? visibleBlocks : limitQuestions(visibleBlocks, limit);
  const complete = limit === Number.POSITIVE_INFINITY;
  const capacity = repeatCapacity(section);
  const titleId = `section-${section.id}`;
  const description = textForViewer(section.description, { signedIn });
  const focusBlock = useRef<number | null>(null);

  useEffect(() => {
    if (focusBlock.current === null || blocks.length <= focusBlock.current) return;
    document.getElementById(`${titleId}-block-${focusBlock.current + 1}`)?.focus();
    focusBlock.current = null;
  });

  return (
    <section className="form-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="form-section__title">
        {section.title}
      </h2>
      {description ? <p className="form-section__description">{description}</p> : null}
      {tab !== undefined ? (
        <TabbedQuestions
          section={section}
          units={units}
          limit={limit}
          required={required}
          tab={tab}
          labelledBy={titleId}
          onSwitchTab={onSwitchTab}
          notice={tabNotice?.(section)}
        />
      ) : section.repeat ? (
        blocks.map((block, index) => {
          // A heading per block once there is more than one ("Legacy 2").
          const headingId = `${titleId}-block-${index + 1}`;
          const titled = blocks.length > 1;
          // Keyed by prefix, so the first block's fields stay mounted when a second appears.
          return (
            <div key={block.prefix ?? index} className="form-block">
              {titled ? (
                <h3 id={headingId} className="form-block__title" tabIndex={-1}>
                  {section.title} {index + 1}
                </h3>
              ) : null}
              {block.questions.map((question) => (
                <QuestionView
                  key={question.key}
                  question={question}
                  required={isQuestionRequired(question, required)}
                />
              ))}
              {complete && titled && signedIn ? (
                <Button
                  className="button button--secondary remove-block"
                  onPress={() => void onRemoveBlock(section, index, allBlocks.length)}
                >
                  Remove {blockName(section, index)}
                </Button>
              ) : null}
            </div>
          );
        })
      ) : (
        blocks
          .flatMap((block) => block.questions)
          .map((question) => (
            <QuestionView
              key={question.key}
              question={question}
              required={isQuestionRequired(question, required)}
            />
          ))
      )}
      {complete && section.repeat && signedIn && blocks.length < capacity ? (
        <Button
          id={addAnotherId(section)}
          className="button button--secondary add-another"
          onPress={() => {
            focusBlock.current = blocks.length;
            if (section.repeat) onAddAnother(section.repeat.buttonId, allBlocks.length, capacity);
          }}
        >
          {section.repeat.buttonLabel}
        </Button>
      ) : null}
    </section>
  );
});

/**
 * The blocks holding the first `limit` questions, the last one cut short. A tabbed section's
 * questions are cut in TabbedQuestions, from its units (sectionUnitsOf).
 */
function limitQuestions(blocks: readonly Block[], limit: number): readonly Block[] {
  if (limit === Number.POSITIVE_INFINITY) return blocks;
  const result: Block[] = [];
  let left = limit;
  for (const block of blocks) {
    if (left <= 0) break;
    result.push(
      left >= block.questions.length ? block : { ...block, questions: block.questions.slice(0, left) },
    );
    left -= block.questions.length;
  }
  return result;
}

/**
 * A tabbed section's own questions, then its tabs. Signed-in applicants choose a tab from the tab
 * list (arrows move between tabs, Enter or Space chooses: choosing clears the left tab's answers,
 * so it is never done by moving focus alone); anonymous visitors see the default tab's questions
 * with no tab list (spec §4).
 */
function TabbedQuestions({
  section,
  units,
  limit,
  required,
  tab,
  labelledBy,
  onSwitchTab,
  notice,
}: {
  section: Section;
  /** The section's units in order (sectionUnitsOf): own questions, the tab list, the tab's. */
  units: readonly Unit[];
  /** How many units to render yet (progressive rendering); Infinity: all. */
  limit: number;
  required: ReadonlySet<string>;
  tab: string;
  labelledBy: string;
  onSwitchTab: (section: Section, from: string, to: string) => Promise<void>;
  /** Shown in the chosen tab's panel, before its questions. */
  notice: ReactNode;
}) {
  const rendered = units.slice(0, limit);
  const tabList = rendered.indexOf(TAB_LIST);
  const render = (list: readonly Unit[]) =>
    list
      .filter(isQuestion)
      .map((question) => (
        <QuestionView
          key={question.key}
          question={question}
          required={isQuestionRequired(question, required)}
        />
      ));
  // No tab list (a visitor's, or not reached yet): the questions alone.
  if (tabList < 0 || !section.tabs) return <>{render(rendered)}</>;
  return (
    <>
      {render(rendered.slice(0, tabList))}
      <FormTabs
        tabs={section.tabs}
        tab={tab}
        labelledBy={labelledBy}
        onChoose={(to) => void onSwitchTab(section, tab, to)}
      >
        {notice}
        {render(rendered.slice(tabList + 1))}
      </FormTabs>
    </>
  );
}
