import { useCallback, useEffect, useMemo, useState } from "react";
import { Navigate, Outlet, useLoaderData, useNavigation } from "react-router-dom";
import { LoadingOverlay } from "../../components/loading-overlay";
import { showSuccessToast } from "../../components/toasts";
import { UNAUTHORIZED_MESSAGE } from "../../shared/messages";
import type { BaseProfile } from "../profile/base-profile-loader";
import { SnapshotContext } from "../profile/snapshot-context";
import { InactivityGuard } from "../session/use-inactivity-logout";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { StepNav } from "./step-nav";
import { useFormNavigationRules } from "./use-form-navigation-rules";
import { usePageFocus } from "./use-page-focus";
import { useSessionLostRedirect } from "./use-session-lost-redirect";
import { useSuccessMessageFromState } from "./use-success-message-from-state";
import { WelcomeBanner } from "./welcome-banner";

/** The frame of every form page: header, steps, welcome banner, the page, footer. */
export function FormLayout() {
  const base = useLoaderData() as BaseProfile;
  const [hasChangedPage, setHasChangedPage] = useState(false);
  const markPageChanged = useCallback(() => setHasChangedPage(true), []);
  const snapshot = useMemo(
    () => ({ ...base.snapshot, has_changed_page: hasChangedPage }),
    [base.snapshot, hasChangedPage],
  );
  const navigation = useNavigation();

  usePageFocus();
  useSuccessMessageFromState();
  useFormNavigationRules(snapshot);
  useMergedDraftsNotice(base.mergedDrafts);
  useSessionLostRedirect(snapshot.username);

  if (base.unauthorized)
    return <Navigate to="/login" replace state={{ errorMessage: UNAUTHORIZED_MESSAGE }} />;

  return (
    <SnapshotContext.Provider value={{ snapshot, offline: base.offline, markPageChanged }}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader snapshot={snapshot} />
      {snapshot.is_service_user ? null : <StepNav onNavigate={markPageChanged} />}
      <main id="main" className="page">
        <WelcomeBanner snapshot={snapshot} />
        <Outlet />
      </main>
      <SiteFooter />
      <InactivityGuard isLoggedIn={snapshot.is_logged_in} />
      {navigation.state === "loading" ? <LoadingOverlay /> : null}
    </SnapshotContext.Provider>
  );
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
