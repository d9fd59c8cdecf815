import { useCallback, useEffect, useRef, useState } from "react";
import { useOnline } from "../../lib/use-online";
import { useSyncStatus } from "../answers/use-sync-status";
import { getApplicationPdf } from "./api/get-application-pdf";
import { nextPollDelay, type PdfLinkState, stateFromAnswer, stateFromError } from "./pdf-link-state";

export type ApplicationPdf = {
  state: PdfLinkState;
  /** Asks the server again now (a retry after a failure, a renewal of a stale link). */
  refresh(): void;
};

/**
 * The signed-in applicant's application PDF (spec §4, §7, §9; decision 0013): asks GET /api/pdf
 * when mounted, then polls every 1,000 ms while the PDF is being made and every 600,000 ms once it
 * is made or failed. Offline it stops and says so; it asks again when the connection returns. With
 * `followSaves` (Final Steps, before submitting) it asks again whenever changes have reached the
 * server, so the preview shows what the applicant just answered. `owner` null (anonymous): nothing.
 */
export function useApplicationPdf({
  owner,
  followSaves,
}: {
  owner: string | null;
  followSaves: boolean;
}): ApplicationPdf {
  const online = useOnline();
  const [state, setState] = useState<PdfLinkState>({ phase: "starting" });
  const [asked, setAsked] = useState(0);
  const refresh = useCallback(() => setAsked((count) => count + 1), []);

  // `asked` (a dependency) restarts the polling when refresh() is called.
  useEffect(() => {
    if (!owner) return;
    if (!online) {
      setState({ phase: "offline" });
      return;
    }
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
      const delay = nextPollDelay(next);
      if (delay !== null) timer = setTimeout(poll, delay);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [owner, online, asked]);

  // Changes confirmed by the server (waiting count back to 0) make the application another one.
  const { pending, phase } = useSyncStatus();
  const sawChanges = useRef(false);
  useEffect(() => {
    if (!followSaves) return;
    if (pending > 0) {
      sawChanges.current = true;
    } else if (sawChanges.current && phase === "idle") {
      sawChanges.current = false;
      refresh();
    }
  }, [followSaves, pending, phase, refresh]);

  return { state, refresh };
}
