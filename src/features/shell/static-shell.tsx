import { partner } from "../../config/partner";
import type { FormPage } from "../../form/catalogue-types";
import { textForViewer } from "../../form/engine/audience";
import { bannerOfScreen, type FirstScreen, type WelcomeBannerKind } from "../../shared/first-screens";
import { FORM_PAGES } from "../../shared/routes";
import { LogoBanner } from "./logo-banner";
import { STATIC_SHELL_ATTRIBUTE } from "./static-shell-attribute";

/**
 * What a first visit to a form page paints before any JavaScript has run (issue 15, decision
 * 0018): the same header, steps, heading, intro and welcome banner, with the same classes, as
 * FormLayout and FormPageView render for a visitor or, in the signed-in screens, for an applicant
 * whose profile has just loaded (nothing personal: the header shows no name), so the page looks
 * the same when React replaces it in one commit (no layout shift). It is `inert` and hidden from
 * assistive technology: nothing in it works until the real page, which is the one to announce,
 * replaces it. Prerendered at build time by scripts/prerender-shells.ts; never rendered by the app.
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
  const signedIn = screen !== "visitor";
  const intro = textForViewer(page.intro, { signedIn });
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
              <span>{signedIn ? "All changes saved" : "Saved on this device"}</span>
            </p>
            <button className="account-button" type="button">
              Account
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
                  <span className="step-nav__step">{step.step}</span>
                  <span className="step-nav__title">{step.title}</span>
                </span>
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <main className="page">
        <h1>{page.title}</h1>
        {intro ? <p className="page-intro">{intro}</p> : null}
        <p className="page-required-note">
          Questions marked with an asterisk (<span className="field__required">*</span>) are required.
        </p>
        {banner ? <StaticWelcomeBanner kind={banner} /> : null}
      </main>
    </div>
  );
}

/**
 * WelcomeBanner's words (welcome-banner.tsx) for each kind; a unit test keeps them equal. The
 * signed-in banners' paragraph is the page's largest text, so its LCP element: it is one text node
 * here and in the app, so that the app's copy paints exactly the same area. Split into several
 * nodes in the app (React's text children) it measured a few pixels larger, which Chrome reports
 * as a new, later largest paint: LCP at the app's render instead of the HTML's.
 */
function StaticWelcomeBanner({ kind }: { kind: WelcomeBannerKind }) {
  const fee = `There is no application fee to apply to ${partner.name}.`;
  return (
    <section className="welcome-banner">
      {kind === "visitor" ? (
        <>
          <h2>Welcome!</h2>
          <p>
            {fee} You can start right away; your answers are kept on this device.{" "}
            <a href="/signup">Create an account</a> to save them online and submit, or{" "}
            <a href="/login">sign in</a> if you already have one.
          </p>
        </>
      ) : kind === "hello" ? (
        <>
          <h2>Hello!</h2>
          <p>{`Thank you for starting your application for ${partner.terms.current}. ${fee}`}</p>
        </>
      ) : (
        <>
          <h2>Welcome Back!</h2>
          <p>{`Good to see you again. ${fee} Finish your remaining steps and submit your application soon.`}</p>
        </>
      )}
    </section>
  );
}
