import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { COMPLETION_ROUTE, DEFAULT_ROUTE, isFormPagePath } from "../../shared/routes";
import { syncClient } from "../answers/answer-session";
import type { ClientSnapshot } from "../profile/client-snapshot";

/** Spec §2 redirect and navigation rules that depend on the client snapshot. */
export function useFormNavigationRules(snapshot: ClientSnapshot): void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const restored = useRef(false);
  const submitted = snapshot.web_status === "submitted";

  useEffect(() => {
    if (submitted && pathname !== COMPLETION_ROUTE) navigate(COMPLETION_ROUTE, { replace: true });
    else if (!submitted && pathname === COMPLETION_ROUTE) navigate(DEFAULT_ROUTE + search, { replace: true });
  }, [submitted, pathname, search, navigate]);

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
    // Through the queue, like answers: recorded offline too, sent in order, never twice.
    void syncClient.queueAction("last-page", { last_page: pathname });
  }, [recording, pathname]);
}
