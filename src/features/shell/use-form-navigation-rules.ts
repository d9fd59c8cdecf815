import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { COMPLETION_ROUTE, DEFAULT_ROUTE, isFormPagePath } from "../../shared/routes";
import { loadSyncClient } from "../answers/answer-session";
import type { ClientSnapshot } from "../profile/client-snapshot";

/**
 * Spec §2: submitted and not on /completion, go to /completion; not submitted and on /completion, go
 * to the default route (keeping the query string, so a `?token=` link still opens). Decided while
 * rendering, so the page that is left is never shown, not even for a frame: a visitor opening
 * `/completion?token=…` must not read "Application submitted".
 */
export function statusRedirect(snapshot: ClientSnapshot, pathname: string, search: string): string | null {
  const submitted = snapshot.web_status === "submitted";
  if (submitted && pathname !== COMPLETION_ROUTE) return COMPLETION_ROUTE;
  if (!submitted && pathname === COMPLETION_ROUTE) return DEFAULT_ROUTE + search;
  return null;
}

/**
 * The other spec §2 rules that depend on the client snapshot: back to the last page at start, and
 * the page recorded while the application is open. (`statusRedirect` is applied by the layout.)
 */
export function useFormNavigationRules(snapshot: ClientSnapshot): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const restored = useRef(false);
  const submitted = snapshot.web_status === "submitted";

  // At start, return the applicant to the page they last worked on.
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const lastPage = snapshot.last_page;
    if (
      lastPage &&
      lastPage !== pathname &&
      !snapshot.has_changed_page &&
      isFormPagePath(lastPage) &&
      !submitted
    ) {
      navigate(lastPage, { replace: true });
    }
  }, [snapshot.last_page, snapshot.has_changed_page, pathname, submitted, navigate]);

  // While the application is open, remember the page the applicant is on.
  const recording =
    snapshot.is_logged_in && (snapshot.web_status === "started" || snapshot.web_status === "validating");
  useEffect(() => {
    if (!recording || !isFormPagePath(pathname)) return;
    // Through the queue, like answers: recorded offline too, sent in order, never twice; not at all
    // when the server already has this page (a returning applicant's load: SyncClient.recordPage).
    void loadSyncClient().then((client) => client.recordPage(pathname));
  }, [recording, pathname]);
}
