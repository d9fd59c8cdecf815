import { useEffect, useMemo, useRef } from "react";
import { Button } from "react-aria-components";
import { partner } from "../../config/partner";
import type { FormPage } from "../../form/catalogue-types";
import { validateAnswers } from "../../form/engine/validate";
import { repeatCapacity, type VisibleSection, visiblePage } from "../../form/engine/visibility";
import { answerStore } from "../answers/answer-session";
import { useClientSnapshot } from "../profile/snapshot-context";
import { debounce } from "./debounce";
import { FieldErrors } from "./field-errors";
import { pageDependencyKeys } from "./page-dependencies";
import { QuestionView } from "./question-view";
import { answerWriter } from "./set-answer";
import { useAddAnotherCounts } from "./use-add-another-counts";
import { FieldErrorsContext } from "./use-field-errors";
import { useAnswersOf } from "./use-form-answers";
import { useHashFocus } from "./use-hash-focus";

function engineContext() {
  return { hostName: partner.name, today: new Date() };
}

/** Errors being fixed may clear once typing pauses this long. */
const EDIT_CHECK_MS = 250;

/**
 * Renders a catalogue page through the engine: the visible sections (each a region with a
 * heading), the blocks of repeated sections, and every question by its kind. The page re-renders
 * only when an answer its visibility rules read changes, or an add-another count does.
 */
export function FormPageView({ page }: { page: FormPage }) {
  const { snapshot } = useClientSnapshot();
  const signedIn = snapshot.is_logged_in;
  const dependencies = useMemo(() => pageDependencyKeys(page), [page]);
  const controlling = useAnswersOf(dependencies);
  const { counts, add } = useAddAnotherCounts(page, signedIn ? answerStore.owner : null);
  const sections = useMemo(
    // Recomputed when a controlling answer changes; the engine also reads the others (e.g. which
    // repeated blocks hold answers) as they are at that moment.
    () => visiblePage(page, { ...answerStore.all(), ...controlling }, { signedIn, counts }),
    [page, controlling, signedIn, counts],
  );

  // One controller per page and audience, so what the applicant has left stays known when a
  // block is added; the counts are read at each validation.
  const countsRef = useRef(counts);
  const errors = useMemo(() => {
    const validate = (answers: Readonly<Record<string, string>>, includeRequired: boolean) =>
      validateAnswers([page], answers, engineContext(), {
        includeRequired,
        signedIn,
        counts: countsRef.current,
      });
    return new FieldErrors(validate, () => answerStore.all());
  }, [page, signedIn]);
  useEffect(() => {
    if (countsRef.current === counts) return;
    countsRef.current = counts;
    errors.changed();
  }, [errors, counts]);
  useEffect(() => errors.setValidating(snapshot.web_status === "validating"), [errors, snapshot.web_status]);
  useEffect(() => {
    const check = debounce(() => errors.edited(), EDIT_CHECK_MS);
    const stop = answerWriter.onWrite(() => check());
    return () => {
      stop();
      check.cancel();
    };
  }, [errors]);

  useHashFocus();

  return (
    <FieldErrorsContext.Provider value={errors}>
      <h1 tabIndex={-1}>{page.title}</h1>
      <p className="page-intro">{page.intro}</p>
      <form className="form-page" onSubmit={(event) => event.preventDefault()} noValidate>
        {sections.map((shown) => (
          <SectionView
            key={shown.section.id}
            shown={shown}
            signedIn={signedIn}
            onAddAnother={(buttonId, capacity) => add(buttonId, shown.blocks.length, capacity)}
          />
        ))}
      </form>
    </FieldErrorsContext.Provider>
  );
}

function SectionView({
  shown: { section, blocks: allBlocks },
  signedIn,
  onAddAnother,
}: {
  shown: VisibleSection;
  signedIn: boolean;
  onAddAnother: (buttonId: string, capacity: number) => void;
}) {
  // Spec §6: add-another counts are not kept for anonymous visitors; they see the first block.
  const blocks = signedIn ? allBlocks : allBlocks.slice(0, 1);
  const capacity = repeatCapacity(section);
  const titleId = `section-${section.id}`;
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
      {section.description ? <p className="form-section__description">{section.description}</p> : null}
      {section.repeat
        ? blocks.map((block, index) => {
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
                  <QuestionView key={question.key} question={question} />
                ))}
              </div>
            );
          })
        : blocks
            .flatMap((block) => block.questions)
            .map((question) => <QuestionView key={question.key} question={question} />)}
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
