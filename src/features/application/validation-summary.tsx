import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link } from "react-aria-components";
import { MISSING_INFORMATION_MESSAGE } from "../../shared/messages";
import { answerStore } from "../answers/answer-session";
import { debounce } from "../form/debounce";
import { onChoicesChanged } from "../form/ui-choices";
import { checkApplication, groupErrorsByPage, mergeErrors, type SummaryGroup } from "./application-check";
import { currentServerErrors, submissionState, subscribeSubmission } from "./submission-state";
import { reportValidations } from "./validation-report";

/** Re-check after typing pauses this long: a whole-application check per keystroke is wasted work. */
const RECHECK_MS = 300;

/**
 * Spec §2 validation summary, shown while the application is validating and errors exist. It
 * follows the answers as they change (a fixed field leaves the list; the changed report is queued
 * for POST /api/validations), lists each question's errors as one link to /{page}#{questionKey},
 * and takes focus after each submit attempt that found errors.
 */
export function ValidationSummary({ owner }: { owner: string }) {
  const groups = useApplicationErrors(owner);
  const { attempt } = useSyncExternalStore(subscribeSubmission, submissionState);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusedAttempt = useRef(0);

  useEffect(() => {
    if (groups === null || attempt === focusedAttempt.current) return;
    focusedAttempt.current = attempt;
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "start" });
  }, [attempt, groups]);

  if (groups === null || groups.length === 0) return null;
  return (
    <section className="validation-summary" aria-labelledby="validation-summary-title">
      <h2 id="validation-summary-title" ref={heading} tabIndex={-1}>
        {MISSING_INFORMATION_MESSAGE}
      </h2>
      <p>Please fix the highlighted items below, then submit your application again.</p>
      {groups.map((group) => (
        <div key={group.path} className="validation-summary__group">
          <h3>{group.title}</h3>
          <ul>
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
  useEffect(() => {
    let current = true;
    const run = () => {
      const answers = answerStore.all();
      checkApplication(owner, answers)
        .then((local) => {
          if (!current) return;
          setGroups(groupErrorsByPage(mergeErrors(local, currentServerErrors(answers))));
          // Spec §4: while validating, an edit re-validates and the server hears of it.
          void reportValidations(owner, local);
        })
        .catch(() => {});
    };
    const later = debounce(run, RECHECK_MS);
    run();
    const stops = [answerStore.subscribeAll(later), onChoicesChanged(run), subscribeSubmission(run)];
    return () => {
      current = false;
      later.cancel();
      for (const stop of stops) stop();
    };
  }, [owner]);
  return groups;
}
