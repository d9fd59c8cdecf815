import { useCallback, useEffect, useRef, useState } from "react";
import { useOnline } from "../../lib/use-online";
import { useSyncStatus } from "../answers/use-sync-status";
import { getApplicationPdf } from "./api/get-application-pdf";
import { nextPollDelay, type PdfLinkState, stateFromAnswer, stateFromError } from "./pdf-link-state";

export type ApplicationPdf = {
  state: PdfLinkState;
  /** Asks the server now (the applicant's press, a retry after a failure, a renewal of a stale link). */
  refresh(): void;
};

/**
 * The signed-in applicant's application PDF (spec §4, §7, §9; decision 0013). Each ask is a
 * GET /api/pdf, which makes a new PDF when the application has changed since the last one.
 *
 * - `askOnOpen` (/completion, the submitted application, which no longer changes): asks when
 *   mounted, then polls every 1,000 ms while the PDF is being made and every 600,000 ms once it is
 *   made or failed, as spec §9 says.
 * - Otherwise (the preview on Final Steps, whose application changes as the applicant types):
 *   nothing is asked until `refresh()` (the applicant's press); it polls while that PDF is being
 *   made, and no more once it is made or failed. Once saved changes have reached the server, a
 *   made PDF is of an older application: the control goes back to asking (issue 36: asking again
 *   after every save made a new PDF for every pause in typing, a Chromium print a second).
 *
 * Offline it stops and says so; back online, /completion asks again, the preview waits to be asked.
 * `owner` null (anonymous): nothing.
 */
export function useApplicationPdf({
  owner,
  askOnOpen,
}: {
  owner: string | null;
  askOnOpen: boolean;
}): ApplicationPdf {
  const online = useOnline();
  const [state, setState] = useState<PdfLinkState>({ phase: askOnOpen ? "starting" : "idle" });
  // How many times the PDF was asked for; 0: not yet (the preview before a press).
  const [asked, setAsked] = useState(askOnOpen ? 1 : 0);
  const refresh = useCallback(() => setAsked((count) => count + 1), []);

  // `asked` (a dependency) restarts the polling when refresh() is called.
  useEffect(() => {
    if (!owner) return;
    if (!online) {
      setState({ phase: "offline" });
      // The preview's question was for the application as it was: asked again once online.
      if (!askOnOpen) setAsked(0);
      return;
    }
    if (asked === 0) {
      setState({ phase: "idle" });
      return;
    }
    // Busy from the ask on (the press shows at once that something happens), until the answer.
    setState((current) => (current.phase === "pending" ? current : { phase: "starting" }));
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      let next: PdfLinkState;
      try {
        next = stateFromAnswer(await getApplicationPdf(controller.signal), Date.now());
      } catch (error) {
        if (controller.signal.aborted) return;
        next = stateFromError(error);
      }
      if (controller.signal.aborted) return;
      setState(next);
      const delay = nextPollDelay(next, { settled: askOnOpen });
      if (delay !== null) timer = setTimeout(poll, delay);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [owner, online, asked, askOnOpen]);

  // Changes confirmed by the server (waiting count back to 0) make the application another one: a
  // preview made before them is out of date, and the control asks again when pressed.
  const { pending, phase } = useSyncStatus();
  const sawChanges = useRef(false);
  useEffect(() => {
    if (askOnOpen) return;
    if (pending > 0) {
      sawChanges.current = true;
    } else if (sawChanges.current && phase === "idle") {
      sawChanges.current = false;
      setState((current) => (current.phase === "ready" ? { phase: "idle" } : current));
    }
  }, [askOnOpen, pending, phase]);

  return { state, refresh };
}
