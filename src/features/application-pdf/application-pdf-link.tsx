import { type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { PendingButton } from "../../components/pending-button";
import { currentLanguage } from "../../i18n/translations";
import { useLanguage } from "../../i18n/use-language";
import { saveOfflineCopy } from "./offline-copy";
import { isLinkStale } from "./pdf-link-state";
import * as m from "./pdf-messages";
import { useApplicationPdf } from "./use-application-pdf";
import { useOfflineCopy } from "./use-offline-copy";
import "./application-pdf.css";

/**
 * `download`: on /completion, the submitted application saved as a file. `preview`: on Final Steps
 * before submitting, the application opened in a new tab to review (as Common App asks applicants
 * to review a PDF before they submit); it follows the changes saved meanwhile.
 */
export type PdfLinkMode = "download" | "preview";

const LABELS: Record<PdfLinkMode, string> = { download: m.downloadPdf, preview: m.previewPdf };

// Made when first needed: a page's first Intl call loads the locale data (50 ms and more of a slow
// machine's main thread, issue 15), and this module is evaluated on every Final Steps visit.
let savedAt: Intl.DateTimeFormat | undefined;
function formatSavedAt(time: number | Date): string {
  // In the page's language (issue 35); remade when it changes.
  const locale = currentLanguage() === "es" ? "es-US" : "en-US";
  if (savedAt?.resolvedOptions().locale !== locale) {
    savedAt = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  }
  return savedAt.format(time);
}

type Props = { mode: PdfLinkMode; owner: string };

/**
 * Says each new status once ("…being prepared.", "…is ready.", the offline message), politely, in a
 * live region that is always on the page (a region given its text as it appears is often not
 * heard, issue 37). Not when focus has just moved to the ready link: it is read with it then.
 */
function StatusAnnouncer({ status, saidByFocus }: { status: string; saidByFocus: boolean }) {
  const [said, setSaid] = useState("");
  const last = useRef("");
  useEffect(() => {
    if (status === last.current) return;
    last.current = status;
    setSaid(saidByFocus ? "" : status);
  }, [status, saidByFocus]);
  return (
    <p className="visually-hidden" role="status">
      {said}
    </p>
  );
}

/**
 * Spec §2 "PDF download link" (decision 0013): the link is live once the PDF is made; while it is
 * being made the link is busy and a status region says so; a failure shows the server's message
 * (or the catalogue's generic one) and the link asks again; offline it says a connection is needed
 * and offers the copy downloaded earlier on this device.
 */
export function ApplicationPdfLink({ mode, owner }: Props) {
  // The preview is made when the applicant asks for it, never as they type (issue 36).
  const { state, refresh } = useApplicationPdf({ owner, askOnOpen: mode === "download" });
  const copy = useOfflineCopy(owner, state.phase === "offline");
  const statusId = useId();
  const ask = () => refresh();
  const { t, text } = useLanguage();
  const label = t(LABELS[mode]);
  const opensNewTab = mode === "preview";
  // The control changes element (a button until there is a PDF, then a link): focus follows it.
  // Read while rendering, before the old element leaves the page.
  const wrapper = useRef<HTMLDivElement>(null);
  const focusWasInside = useRef(false);
  focusWasInside.current = wrapper.current?.contains(document.activeElement) ?? false;
  useEffect(() => {
    const element = wrapper.current;
    if (!focusWasInside.current || element?.contains(document.activeElement)) return;
    element?.querySelector<HTMLElement>(".application-pdf__link")?.focus();
  }, [state.phase]);

  let control: ReactNode;
  let status = "";
  switch (state.phase) {
    case "ready": {
      status = state.message;
      const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
        // A tab that slept through its renewal holds a link that may have expired: renew it first.
        if (isLinkStale(state, Date.now())) {
          event.preventDefault();
          ask();
          return;
        }
        // Kept for offline use; the download or the new tab does not wait for it.
        void saveOfflineCopy(owner, state.url);
      };
      control = (
        <a
          className="button button--secondary application-pdf__link"
          href={state.url}
          aria-describedby={statusId}
          onClick={onClick}
          {...(opensNewTab ? { target: "_blank", rel: "noopener" } : { download: "" })}
        >
          {label}
          {opensNewTab ? <span className="visually-hidden"> {t(m.opensNewTab)}</span> : null}
        </a>
      );
      break;
    }
    case "idle":
    case "failed":
    case "starting":
    case "pending":
    case "offline": {
      const pending = state.phase === "starting" || state.phase === "pending";
      if (state.phase === "pending") status = state.message;
      if (state.phase === "offline") status = t(mode === "preview" ? m.offlinePreview : m.offlineDownload);
      // No PDF to go to yet: a button that asks for it (first, or again after a failure or a
      // change), busy while it is being made (focusable, silent: the status says what happens),
      // disabled offline.
      control = (
        <PendingButton
          className="button button--secondary application-pdf__link"
          isPending={pending}
          isDisabled={state.phase === "offline"}
          onPress={ask}
          aria-describedby={statusId}
        >
          {pending ? <span className="application-pdf__spinner" aria-hidden="true" /> : null}
          {label}
        </PendingButton>
      );
      break;
    }
  }

  return (
    <div className="application-pdf" ref={wrapper}>
      {control}
      <p id={statusId} className="application-pdf__status">
        {status}
      </p>
      <StatusAnnouncer status={status} saidByFocus={focusWasInside.current && state.phase === "ready"} />
      {state.phase === "failed" ? (
        <p className="application-pdf__error" role="alert">
          {text(state.message)}
        </p>
      ) : null}
      {state.phase === "offline" && copy ? (
        <p className="application-pdf__copy">
          <a
            className="button button--secondary"
            href={copy.url}
            {...(opensNewTab ? { target: "_blank", rel: "noopener" } : { download: copy.fileName })}
          >
            {t(m.openCopy)}
            {opensNewTab ? <span className="visually-hidden"> {t(m.opensNewTab)}</span> : null}
          </a>{" "}
          <span className="application-pdf__saved">
            {t(m.downloadedOn, { date: formatSavedAt(copy.savedAt) })}
          </span>
        </p>
      ) : null}
    </div>
  );
}
