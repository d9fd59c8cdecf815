import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { Navigate, Outlet, useLoaderData, useLocation, useNavigation } from "react-router-dom";
import { LoadingOverlay } from "../../components/loading-overlay";
import { showSuccessToast } from "../../components/toasts";
import { useLanguage } from "../../i18n/use-language";
import { lazyPart } from "../../lib/load-part";
import { focusPageStart } from "../../lib/page-start";
import { firstScreenShown } from "../../lib/preload-when-idle";
import { COMPLETION_ROUTE, isFormPagePath } from "../../shared/routes";
import { useWebStatus } from "../application/use-web-status";
import { useDocumentUploads } from "../documents/use-document-uploads";
import { ContinueDialogHost } from "../draft-links/continue-on-another-device";
import { PageRenderedContext } from "../form/page-rendered";
import type { BaseProfile } from "../profile/base-profile-loader";
import { useProfileLoadNotice } from "../profile/profile-load-notice";
import { SnapshotContext } from "../profile/snapshot-context";
import { skipToMain } from "./header-words";
import { PageNoticesContext } from "./page-notices";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { StepNav } from "./step-nav";
import { statusRedirect, useFormNavigationRules } from "./use-form-navigation-rules";
import { useMessagesFromState } from "./use-messages-from-state";
import { usePageFocus } from "./use-page-focus";
import { signedOutState, useSessionLostRedirect } from "./use-session-lost-redirect";
import { WelcomeBanner } from "./welcome-banner";

// Only when the page was opened with a "Continue on another device" link.
const DraftLinkOutcomeNotice = lazyPart(() =>
  import("../draft-links/draft-link-outcome").then((m) => ({ default: m.DraftLinkOutcomeNotice })),
);
// Only for a signed-in applicant: a visitor's first screen does without it (issues 15, 35).
const InactivityGuard = lazyPart(() =>
  import("../session/use-inactivity-logout").then((m) => ({ default: m.InactivityGuard })),
);
// Only while validating; the whole catalogue comes with it.
const ValidationSummary = lazyPart(() =>
  import("../application/validation-summary").then((m) => ({ default: m.ValidationSummary })),
);

/** The frame of every form page: header, steps, welcome banner, the page, footer. */
export function FormLayout() {
  const { t } = useLanguage();
  const base = useLoaderData() as BaseProfile;
  const [hasChangedPage, setHasChangedPage] = useState(false);
  const markPageChanged = useCallback(() => setHasChangedPage(true), []);
  const owner = base.snapshot.is_logged_in ? base.snapshot.username : null;
  const { webStatus, advance } = useWebStatus(base.snapshot.web_status, owner);
  const snapshot = useMemo(
    () => ({ ...base.snapshot, web_status: webStatus, has_changed_page: hasChangedPage }),
    [base.snapshot, webStatus, hasChangedPage],
  );
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const redirectTo = statusRedirect(snapshot, pathname, search);
  const pageRendered = usePageRenderedState(pathname);

  // Spec §4: a signed-in applicant without a status has started.
  useEffect(() => {
    if (owner && !snapshot.is_service_user && webStatus === null) void advance("started");
  }, [owner, snapshot.is_service_user, webStatus, advance]);

  usePageFocus();
  // The parts preloaded when idle (dialogs, menus) wait until a form page's questions are all
  // there: they are not the first screen's (issue 15).
  useEffect(() => {
    if (pageRendered.rendered) firstScreenShown();
  }, [pageRendered.rendered]);
  useMessagesFromState();
  useFormNavigationRules(snapshot);
  useMergedDraftsNotice(base.mergedDrafts);
  useProfileLoadNotice(base.loadProblem);
  useSessionLostRedirect(snapshot.username);
  useDocumentUploads(snapshot.is_service_user ? null : owner);

  // The same objects while what they carry is the same: every form page's component reads them, so
  // a new one at each of the layout's renders (the page rendered, a navigation's state) re-rendered
  // the whole page with it (issue 34).
  const offline = base.offline;
  const snapshotContext = useMemo(
    () => ({ snapshot, offline, markPageChanged, advanceWebStatus: advance }),
    [snapshot, offline, markPageChanged, advance],
  );
  const showValidation = owner !== null && webStatus === "validating" && isFormPagePath(pathname);
  const pageNotices = useMemo(
    () => (
      <>
        {/* Spec §2's banners invite the applicant to start or to submit: not once they have submitted. */}
        {pathname === COMPLETION_ROUTE ? null : <WelcomeBanner snapshot={snapshot} />}
        {owner && showValidation ? (
          <Suspense fallback={null}>
            <ValidationSummary owner={owner} />
          </Suspense>
        ) : null}
      </>
    ),
    [pathname, snapshot, owner, showValidation],
  );

  if (base.unauthorized) {
    const { username, kept } = base.unauthorized;
    return <Navigate to="/login" replace state={signedOutState(username, kept)} />;
  }

  return (
    <SnapshotContext.Provider value={snapshotContext}>
      {/* biome-ignore lint/a11y/useValidAnchor: a real link to #main (it works before the script runs); the handler only makes focus go with the view */}
      <a
        className="skip-link"
        href="#main"
        // Focus and the view go together to the page's h1 (the fragment alone scrolled to the middle
        // of <main> and left focus on its first link, far above the view, issue 37).
        onClick={(event) => {
          if (focusPageStart()) event.preventDefault();
        }}
      >
        {t(skipToMain)}
      </a>
      <SiteHeader snapshot={snapshot} />
      {snapshot.is_service_user ? null : <StepNav />}
      <main id="main" className="page">
        {/* The page puts these after its h1 (PageNotices), so its h1 is the first heading. */}
        <PageNoticesContext.Provider value={pageNotices}>
          <PageRenderedContext.Provider value={pageRendered.markRendered}>
            {redirectTo ? <Navigate to={redirectTo} replace /> : <Outlet />}
          </PageRenderedContext.Provider>
        </PageNoticesContext.Provider>
      </main>
      {pageRendered.rendered ? <SiteFooter /> : null}
      {snapshot.is_logged_in ? (
        <Suspense fallback={null}>
          <InactivityGuard isLoggedIn />
        </Suspense>
      ) : null}
      {base.draftLink ? (
        <Suspense fallback={null}>
          <DraftLinkOutcomeNotice outcome={base.draftLink} submitted={webStatus === "submitted"} />
        </Suspense>
      ) : null}
      <ContinueDialogHost />
      {navigation.state === "loading" ? <LoadingOverlay /> : null}
    </SnapshotContext.Provider>
  );
}

/**
 * Whether the page at `pathname` has rendered all it shows: a form page says so once its last
 * question has (page-rendered.ts); any other page at once.
 */
function usePageRenderedState(pathname: string) {
  const [renderedPath, setRenderedPath] = useState<string | null>(null);
  const markRendered = useCallback(() => setRenderedPath(pathname), [pathname]);
  return { rendered: !isFormPagePath(pathname) || renderedPath === pathname, markRendered };
}

/** Issue 4: the applicant is told when answers typed before signing in joined their application. */
function useMergedDraftsNotice(merged: number): void {
  useEffect(() => {
    if (merged === 0) return;
    showSuccessToast(
      merged === 1
        ? "We've added the answer you entered before signing in to your application."
        : `We've added the ${merged} answers you entered before signing in to your application.`,
    );
  }, [merged]);
}
