import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link } from "react-aria-components";
import { useLanguage } from "../../i18n/use-language";
import { MISSING_INFORMATION_MESSAGE } from "../../shared/messages";
import { answerStore } from "../answers/answer-session";
import { debounce } from "../form/debounce";
import { subscribeHeldAnswers, withHeldAnswers } from "../form/held-answers";
import { onChoicesChanged } from "../form/ui-choices";
import { checkApplication, groupErrorsByPage, mergeErrors, type SummaryGroup } from "./application-check";
import {
  claimSummaryFocus,
  currentServerErrors,
  submissionState,
  subscribeSubmission,
} from "./submission-state";
import { answersNeedAttention, fixHighlighted } from "./summary-messages";
import { reportValidations } from "./validation-report";

/** Re-check after typing pauses this long: a whole-application check per keystroke is wasted work. */
const RECHECK_MS = 300;

/** "28 answers need attention." */
export function attentionCount(count: number): string {
  return count === 1 ? "1 answer needs attention." : `${count} answers need attention.`;
}

/**
 * Spec §2 validation summary, shown while the application is validating and errors exist. It
 * follows the answers as they change (a fixed field leaves the list; the changed report is queued
 * for POST /api/validations), lists each question's errors as one link to /{page}#{questionKey},
 * and takes focus after each submit attempt that found errors: its heading, described by the
 * count, is the one thing a failed Submit says (decision 0016).
 */
export function ValidationSummary({ owner }: { owner: string }) {
  const groups = useApplicationErrors(owner);
  const { attempt } = useSyncExternalStore(subscribeSubmission, submissionState);
  const heading = useRef<HTMLHeadingElement>(null);
  const { language, t } = useLanguage();

  // Once per attempt, even though each page mounts its own summary.
  useEffect(() => {
    if (groups === null || groups.length === 0 || !claimSummaryFocus(attempt)) return;
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "start" });
  }, [attempt, groups]);

  if (groups === null || groups.length === 0) return null;
  const count = groups.reduce((sum, group) => sum + group.errors.length, 0);
  return (
    <section className="validation-summary" aria-labelledby="validation-summary-title">
      <h2
        id="validation-summary-title"
        ref={heading}
        tabIndex={-1}
        aria-describedby="validation-summary-count"
      >
        {t(MISSING_INFORMATION_MESSAGE)}
      </h2>
      <p id="validation-summary-count" className="validation-summary__count">
        {language === "en" ? attentionCount(count) : t(answersNeedAttention, { count })}
      </p>
      <p>{t(fixHighlighted)}</p>
      {groups.map((group) => (
        <div key={group.path} className="validation-summary__group">
          {/* The step's name labels its list; it is not a heading repeating the step's own h1. */}
          <p id={`validation-summary-${group.path.slice(1)}`} className="validation-summary__group-title">
            {group.title}
          </p>
          <ul aria-labelledby={`validation-summary-${group.path.slice(1)}`}>
            {group.errors.map(({ key, message }) => (
              <li key={`${key}\n${message}`}>
                <Link href={`${group.path}#${encodeURIComponent(key)}`} className="validation-summary__link">
                  {message}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** The whole application's errors grouped by page, kept current; null until first checked. */
function useApplicationErrors(owner: string): SummaryGroup[] | null {
  const [groups, setGroups] = useState<SummaryGroup[] | null>(null);
  // Checked again in the language the applicant switches to; the server's messages (English) are
  // shown in it when the catalogue knows them.
  const { text } = useLanguage();
  useEffect(() => {
    let current = true;
    const run = () => {
      const answers = answerStore.all();
      checkApplication(owner, answers)
        .then((local) => {
          if (!current) return;
          const shown = withHeldAnswers(answers);
          const server = Object.entries(currentServerErrors(shown)).map(([key, messages]) => [
            key,
            messages.map(text),
          ]);
          setGroups(groupErrorsByPage(mergeErrors(local, Object.fromEntries(server))));
          // Spec §4: while validating, an edit re-validates and the server hears of it.
          void reportValidations(owner, local);
        })
        .catch(() => {});
    };
    const later = debounce(run, RECHECK_MS);
    run();
    const stops = [
      answerStore.subscribeAll(later),
      subscribeHeldAnswers(later),
      onChoicesChanged(run),
      subscribeSubmission(run),
    ];
    return () => {
      current = false;
      later.cancel();
      for (const stop of stops) stop();
    };
    // `text` changes with the language: checked again in it.
  }, [owner, text]);
  return groups;
}
