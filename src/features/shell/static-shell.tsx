import { partner } from "../../config/partner";
import type { FormPage } from "../../form/catalogue-types";
import { textForViewer } from "../../form/engine/audience";
import { languageState } from "../../i18n/translations";
import { useLanguage } from "../../i18n/use-language";
import { useTranslatedPage } from "../../i18n/use-translated-page";
import { bannerOfScreen, type FirstScreen, type WelcomeBannerKind } from "../../shared/first-screens";
import { FORM_PAGES } from "../../shared/routes";
import { describeSyncStatus, QUIET_SYNC_STATUS, type SyncStatus } from "../answers/sync-status";
import { mayBeCleared } from "./header-words";
import { LogoBanner } from "./logo-banner";
import * as m from "./shell-messages";
import { STATIC_SHELL_ATTRIBUTE } from "./static-shell-attribute";

/**
 * What a first visit to a form page paints before any JavaScript has run (issue 15, decision
 * 0018): the same header, steps, heading, intro and welcome banner, with the same classes, as
 * FormLayout and FormPageView render for a visitor or, in the signed-in screens, for an applicant
 * whose profile has just loaded (nothing personal: the header shows no name), so the page looks
 * the same when React replaces it in one commit (no layout shift). It is `inert` and hidden from
 * assistive technology: nothing in it works until the real page, which is the one to announce,
 * replaces it. Prerendered at build time by scripts/prerender-shells.ts, once per language with
 * that language shown (issue 35: the same messages and translated page as the app's); never
 * rendered by the app.
 */
export function StaticFormShell({
  page,
  path,
  screen = "visitor",
}: {
  page: FormPage;
  path: string;
  screen?: FirstScreen;
}) {
  const { t, text } = useLanguage();
  const shown = useTranslatedPage(page);
  const signedIn = screen !== "visitor";
  const intro = textForViewer(shown.intro, { signedIn });
  const banner = bannerOfScreen(screen);
  return (
    <div {...{ [STATIC_SHELL_ATTRIBUTE]: "" }} className="static-shell" inert aria-hidden="true">
      <header className="site-header">
        <div className="site-header__bar">
          <a className="brand" href="/about">
            <span className="brand__name">{partner.name}</span>
          </a>
          <div className="site-header__tools">
            {/* SyncStatusIndicator once the store has opened: the device's, or the account's with nothing waiting. */}
            <p className="sync-status">
              <span className={`sync-status__dot sync-status__dot--${signedIn ? "idle" : "local-only"}`} />
              <span>
                {saveState(signedIn ? "idle" : "local-only")}
                {signedIn ? null : (
                  <span className="sync-status__note sync-status__note--room"> {t(mayBeCleared)}</span>
                )}
              </span>
            </p>
            <button className="account-button" type="button">
              {t(m.account)}
            </button>
          </div>
        </div>
        <LogoBanner />
      </header>
      <nav className="step-nav">
        <ol>
          {FORM_PAGES.map((step, index) => (
            <li key={step.path}>
              <a
                className="step-nav__link"
                href={step.path}
                aria-current={step.path === path ? "step" : undefined}
              >
                <span className="step-nav__number">{index + 1}</span>
                <span>
                  <span className="step-nav__step">{t(step.step)}</span>
                  <span className="step-nav__title">{text(step.title)}</span>
                </span>
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <main className="page">
        <h1>{shown.title}</h1>
        {intro ? <p className="page-intro">{intro}</p> : null}
        <p className="page-required-note">
          {t(m.requiredNoteBefore)}
          <span className="field__required">*</span>
          {t(m.requiredNoteAfter)}
        </p>
        {banner ? <StaticWelcomeBanner kind={banner} /> : null}
      </main>
    </div>
  );
}

/** The header's save state as SyncStatusIndicator words it once the store has opened. */
function saveState(phase: "idle" | "local-only"): string {
  const status: SyncStatus = { ...QUIET_SYNC_STATUS, phase };
  return languageState().loaded?.syncStatus(status) ?? describeSyncStatus(status);
}

/**
 * WelcomeBanner's words (welcome-banner.tsx) for each kind, in the language shown; a unit test
 * keeps them equal. The
 * signed-in banners' paragraph is the page's largest text, so its LCP element: it is one text node
 * here and in the app, so that the app's copy paints exactly the same area. Split into several
 * nodes in the app (React's text children) it measured a few pixels larger, which Chrome reports
 * as a new, later largest paint: LCP at the app's render instead of the HTML's.
 */
function StaticWelcomeBanner({ kind }: { kind: WelcomeBannerKind }) {
  const { t } = useLanguage();
  const fee = t(m.noFee, { host: partner.name });
  return (
    <section className="welcome-banner">
      {kind === "visitor" ? (
        <>
          <h2>{t(m.welcome)}</h2>
          <p>
            {fee} {t(m.startRightAway)} <a href="/signup">{t(m.createAccount)}</a> {t(m.toSaveOnline)}{" "}
            <a href="/login">{t(m.signIn)}</a> {t(m.ifYouHaveOne)}
          </p>
        </>
      ) : kind === "hello" ? (
        <>
          <h2>{t(m.hello)}</h2>
          <p>{t(m.helloText, { term: partner.terms.current, fee })}</p>
        </>
      ) : (
        <>
          <h2>{t(m.welcomeBack)}</h2>
          <p>{t(m.welcomeBackText, { fee })}</p>
        </>
      )}
    </section>
  );
}
