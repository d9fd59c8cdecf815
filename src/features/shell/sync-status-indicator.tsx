import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Button, Link } from "react-aria-components";
import { PAGE_OF_KEY } from "../../form/answer-keys";
import { languageState } from "../../i18n/translations";
import { useLanguage } from "../../i18n/use-language";
import { announcementsHeld, subscribeAnnouncementHold } from "../../lib/announcement-hold";
import { loadSyncClient } from "../answers/answer-session";
import {
  describeSyncStatus,
  type StatusClass,
  type SyncStatus,
  statusClass,
  worthAnnouncing,
} from "../answers/sync-status";
import { useSyncStatus } from "../answers/use-sync-status";
import { fixIt, fixThem, mayBeCleared, tryAgain as retry } from "./header-words";

const PROBLEMS: ReadonlySet<StatusClass> = new Set(["local-error", "attention", "refused", "server-error"]);

/**
 * The header's save state. A `visitor`'s header keeps room for the note on a storage the browser
 * may clear, so that the note's arrival does not move the page. It is a status the applicant can read at any time; what changes is
 * announced politely, but only when it is news (a problem, or all saved after one), not on every
 * "Syncing…" / "All changes saved" while they type.
 */
export function SyncStatusIndicator({ visitor = false }: { visitor?: boolean }) {
  // Re-rendered in the new words when the applicant switches language.
  const { t } = useLanguage();
  const status = useSyncStatus();
  const kind = statusClass(status);
  const announcement = useAnnouncement(status, kind);
  const fix = status.refused > 0 ? refusedFieldHref(status.firstRefused) : null;
  const dot = PROBLEMS.has(kind) ? "problem" : status.phase;
  const noteShown = status.phase === "local-only" && status.persistent === false;
  const noteRoom = visitor && status.phase === "local-only" && status.persistent === null;
  return (
    <>
      <p
        className={`sync-status${PROBLEMS.has(kind) ? " sync-status--problem" : ""}`}
        role="status"
        aria-live="off"
      >
        <span className={`sync-status__dot sync-status__dot--${dot}`} aria-hidden="true" />
        <span>
          {describe(status)}
          {fix ? (
            <>
              {" "}
              <Link href={fix} className="sync-status__link">
                {t(status.refused === 1 ? fixIt : fixThem)}
              </Link>
            </>
          ) : null}
          {kind === "server-error" ? (
            <>
              {" "}
              <Button className="sync-status__retry" onPress={() => void tryAgain()}>
                {t(retry)}
              </Button>
            </>
          ) : null}
          {noteRoom || noteShown ? (
            // Until the browser answers (after the first answer), a visitor's header keeps the
            // note's room: the note arriving made the header a line taller, which moved the page,
            // and the scroll that kept the page in place closed an open list of suggestions.
            <span
              className={`sync-status__note${noteShown ? "" : " sync-status__note--room"}`}
              aria-hidden={noteShown ? undefined : true}
            >
              {" "}
              {t(mayBeCleared)}
            </span>
          ) : null}
        </span>
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

/**
 * The last status worth announcing; the state the page opened in is not announced. While a
 * Submit (or Save and continue) is saying its outcome the status waits, and is said afterwards
 * only if it is still news (decision 0016).
 */
function useAnnouncement(status: SyncStatus, kind: StatusClass): string {
  const announced = useRef(kind);
  // Only a change of kind is news, not a new waiting count: the effect reads the latest words.
  const description = useRef("");
  description.current = describe(status);
  const held = useSyncExternalStore(subscribeAnnouncementHold, announcementsHeld);
  const [text, setText] = useState("");
  useEffect(() => {
    if (held || !worthAnnouncing(announced.current, kind)) return;
    announced.current = kind;
    setText(description.current);
  }, [kind, held]);
  return text;
}

/** "Try again" after a server problem: one more try of everything waiting (a click is a trigger). */
async function tryAgain(): Promise<void> {
  await (await loadSyncClient()).flush();
}

/** The form page and field of a refused answer (a `_desc` companion is its question's). */
function refusedFieldHref(key: string | null): string | null {
  if (key === null) return null;
  const base = key.endsWith("_desc") && PAGE_OF_KEY.has(key.slice(0, -5)) ? key.slice(0, -5) : key;
  const page = PAGE_OF_KEY.get(base);
  return page ? `/${page}#${encodeURIComponent(base)}` : null;
}

/** The status in the page's language (issue 35): English's own words, else the loaded language's. */
function describe(status: SyncStatus): string {
  return languageState().loaded?.syncStatus(status) ?? describeSyncStatus(status);
}
