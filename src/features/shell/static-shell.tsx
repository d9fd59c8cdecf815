import { partner } from "../../config/partner";
import type { FormPage } from "../../form/catalogue-types";
import { textForViewer } from "../../form/engine/audience";
import { FORM_PAGES } from "../../shared/routes";
import { STATIC_SHELL_ATTRIBUTE } from "./static-shell-attribute";

/**
 * What a first, anonymous visit to a form page paints before any JavaScript has run (issue 15,
 * decision 0018): the same header, steps, heading, intro and welcome banner, with the same classes,
 * as FormLayout and FormPageView render for a visitor, so the page looks the same when React
 * replaces it in one commit (no layout shift). It is `inert` and hidden from assistive technology:
 * nothing in it works until the real page, which is the one to announce, replaces it.
 * Prerendered at build time by scripts/prerender-shells.ts; never rendered by the app.
 */
export function StaticFormShell({ page, path }: { page: FormPage; path: string }) {
  const intro = textForViewer(page.intro, { signedIn: false });
  return (
    <div {...{ [STATIC_SHELL_ATTRIBUTE]: "" }} className="static-shell" inert aria-hidden="true">
      <header className="site-header">
        <div className="site-header__bar">
          <a className="brand" href="/about">
            <img alt="" width={36} height={36} src="/icons/favicon.svg" />
            <span className="brand__name">{partner.name}</span>
          </a>
          <div className="site-header__tools">
            <p className="sync-status">
              <span className="sync-status__dot sync-status__dot--local-only" />
              <span>Saved on this device</span>
            </p>
            <button className="account-button" type="button">
              Account
            </button>
          </div>
        </div>
        <div className="logo-banner">
          <p className="logo-banner__title">{partner.applicationTitle}</p>
          <p className="logo-banner__term">{partner.term}</p>
        </div>
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
        {/* WelcomeBanner's text for a visitor (welcome-banner.tsx); a unit test keeps them equal. */}
        <section className="welcome-banner">
          <h2>Welcome!</h2>
          <p>
            There is no application fee to apply to {partner.name}. You can start right away; your answers are
            kept on this device. <a href="/signup">Create an account</a> to save them online and submit, or{" "}
            <a href="/login">sign in</a> if you already have one.
          </p>
        </section>
      </main>
    </div>
  );
}
