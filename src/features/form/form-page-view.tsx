import { type Key, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { Button, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useLocation } from "react-router-dom";
import { partner } from "../../config/partner";
import type { FormPage, Question, Section } from "../../form/catalogue-types";
import { textForViewer } from "../../form/engine/audience";
import { answerKeysOf } from "../../form/engine/question-keys";
import { isQuestionRequired, requiredKeys } from "../../form/engine/required";
import { switchTab } from "../../form/engine/tabs";
import { validateAnswers } from "../../form/engine/validate";
import { repeatCapacity, type VisibleSection, visiblePage } from "../../form/engine/visibility";
import { announcementsHeld } from "../../lib/announcement-hold";
import { useDocumentTitle } from "../../lib/use-document-title";
import { answerStore } from "../answers/answer-session";
import { useClientSnapshot } from "../profile/snapshot-context";
import { PageNotices } from "../shell/page-notices";
import { debounce } from "./debounce";
import { FieldErrors } from "./field-errors";
import { pageDependencyKeys } from "./page-dependencies";
import { QuestionView } from "./question-view";
import { answerWriter, setAnswer } from "./set-answer";
import { FieldErrorsContext } from "./use-field-errors";
import { useAnswersOf } from "./use-form-answers";
import { useHashFocus } from "./use-hash-focus";
import { useProgressiveCount } from "./use-progressive-count";
import { useUiChoices } from "./use-ui-choices";

/**
 * Asked before the applicant leaves tab `from` of `section` for tab `to`; false keeps `from` and
 * its answers. The documents feature checks a tab's stored conversion and document here.
 */
export type BeforeTabSwitch = (from: string, to: string, section: Section) => Promise<boolean>;

const allowTabSwitch: BeforeTabSwitch = async () => true;

function engineContext() {
  return { hostName: partner.name, today: new Date() };
}

/** Errors being fixed may clear once typing pauses this long. */
const EDIT_CHECK_MS = 250;

/**
 * Questions that more than fill a phone's first screen below the header, steps and banner: the
 * sections holding them render at once, the rest in idle moments (see useProgressiveCount).
 */
const FIRST_SCREEN_QUESTIONS = 8;

/** How many leading sections hold the first screen's questions (at least one). */
function firstScreenSections(sections: readonly VisibleSection[]): number {
  let questions = 0;
  for (const [index, shown] of sections.entries()) {
    questions += shown.blocks[0]?.questions.length ?? 0;
    if (questions >= FIRST_SCREEN_QUESTIONS) return index + 1;
  }
  return sections.length;
}

/**
 * Renders a catalogue page through the engine: the visible sections (each a region with a
 * heading), the blocks of repeated sections, the chosen tab of tabbed sections, and every question
 * by its kind. The page re-renders only when an answer its visibility rules read changes, or an
 * add-another count or tab choice does.
 */
export function FormPageView({
  page,
  beforeTabSwitch = allowTabSwitch,
}: {
  page: FormPage;
  beforeTabSwitch?: BeforeTabSwitch;
}) {
  const { snapshot } = useClientSnapshot();
  const signedIn = snapshot.is_logged_in;
  const owner = signedIn ? answerStore.owner : null;
  const dependencies = useMemo(() => pageDependencyKeys(page), [page]);
  const controlling = useAnswersOf(dependencies);
  const { counts, tabs, add, choose } = useUiChoices(page, owner);
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
        place: "field",
        signedIn,
        counts: choicesRef.current.counts,
        tabs: choicesRef.current.tabs,
      });
    return new FieldErrors(validate, () => answerStore.all());
  }, [page, signedIn]);
  useEffect(() => {
    if (choicesRef.current.counts === counts && choicesRef.current.tabs === tabs) return;
    choicesRef.current = { counts, tabs };
    errors.changed();
  }, [errors, counts, tabs]);

  // Spec §4: leaving a tab (once `beforeTabSwitch` allows it) clears its answers through the one
  // write path, then the choice is kept. One switch at a time.
  const switching = useRef(false);
  const onSwitchTab = useCallback(
    async (section: Section, from: string, to: string) => {
      if (!signedIn || !section.tabs || from === to || switching.current) return;
      switching.current = true;
      try {
        if (!(await beforeTabSwitch(from, to, section))) return;
        for (const [key, value] of Object.entries(switchTab(section, from, to, answerStore.all()))) {
          setAnswer(key, value);
        }
        choose(section.tabs.tabId, to);
      } finally {
        switching.current = false;
      }
    },
    [signedIn, beforeTabSwitch, choose],
  );
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
  const rendered = useProgressiveCount(sections.length, firstScreenSections(sections), hash.length > 1);
  useHashFocus();
  useDocumentTitle(page.title);
  const intro = textForViewer(page.intro, { signedIn });

  return (
    <FieldErrorsContext.Provider value={errors}>
      <h1 tabIndex={-1}>{page.title}</h1>
      {intro ? <p className="page-intro">{intro}</p> : null}
      <p className="page-required-note">
        Questions marked with an asterisk (<span className="field__required">*</span>) are required.
      </p>
      <PageNotices />
      <FieldErrorAnnouncer errors={errors} />
      <form className="form-page" onSubmit={(event) => event.preventDefault()} noValidate>
        {sections.slice(0, rendered).map((shown) => (
          <SectionView
            key={shown.section.id}
            shown={shown}
            required={required}
            signedIn={signedIn}
            onAddAnother={(buttonId, capacity) => add(buttonId, shown.blocks.length, capacity)}
            onSwitchTab={onSwitchTab}
          />
        ))}
      </form>
    </FieldErrorsContext.Provider>
  );
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

function SectionView({
  shown: { section, blocks: allBlocks, tab },
  required,
  signedIn,
  onAddAnother,
  onSwitchTab,
}: {
  shown: VisibleSection;
  required: ReadonlySet<string>;
  signedIn: boolean;
  onAddAnother: (buttonId: string, capacity: number) => void;
  onSwitchTab: (section: Section, from: string, to: string) => Promise<void>;
}) {
  // Spec §6: add-another counts are not kept for anonymous visitors; they see the first block.
  const blocks = signedIn ? allBlocks : allBlocks.slice(0, 1);
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
          questions={blocks.flatMap((block) => block.questions)}
          required={required}
          tab={tab}
          signedIn={signedIn}
          labelledBy={titleId}
          onSwitchTab={onSwitchTab}
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
      {section.repeat && signedIn && blocks.length < capacity ? (
        <Button
          className="button button--secondary add-another"
          onPress={() => {
            focusBlock.current = blocks.length;
            if (section.repeat) onAddAnother(section.repeat.buttonId, capacity);
          }}
        >
          {section.repeat.buttonLabel}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * A tabbed section's own questions, then its tabs. Signed-in applicants choose a tab from the tab
 * list (arrows move between tabs, Enter or Space chooses: choosing clears the left tab's answers,
 * so it is never done by moving focus alone); anonymous visitors see the default tab's questions
 * with no tab list (spec §4).
 */
function TabbedQuestions({
  section,
  questions,
  required,
  tab,
  signedIn,
  labelledBy,
  onSwitchTab,
}: {
  section: Section;
  questions: readonly Question[];
  required: ReadonlySet<string>;
  tab: string;
  signedIn: boolean;
  labelledBy: string;
  onSwitchTab: (section: Section, from: string, to: string) => Promise<void>;
}) {
  const ownKeys = new Set(section.questions.flatMap(answerKeysOf));
  const own = questions.filter((question) => ownKeys.has(question.key));
  const inTab = questions.filter((question) => !ownKeys.has(question.key));
  const render = (list: readonly Question[]) =>
    list.map((question) => (
      <QuestionView
        key={question.key}
        question={question}
        required={isQuestionRequired(question, required)}
      />
    ));
  if (!signedIn || !section.tabs) {
    return (
      <>
        {render(own)}
        {render(inTab)}
      </>
    );
  }
  return (
    <>
      {render(own)}
      <Tabs
        className="form-tabs"
        selectedKey={tab}
        keyboardActivation="manual"
        onSelectionChange={(key: Key) => {
          void onSwitchTab(section, tab, String(key));
        }}
      >
        <TabList className="form-tabs__list" aria-labelledby={labelledBy}>
          {section.tabs.tabs.map((entry) => (
            <Tab key={entry.id} id={entry.id} className="form-tabs__tab">
              {entry.label}
            </Tab>
          ))}
        </TabList>
        {section.tabs.tabs.map((entry) => (
          <TabPanel key={entry.id} id={entry.id} className="form-tabs__panel">
            {entry.id === tab ? render(inTab) : null}
          </TabPanel>
        ))}
      </Tabs>
    </>
  );
}
