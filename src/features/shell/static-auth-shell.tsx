import { BrandMark } from "../../components/brand-mark";
import { partner } from "../../config/partner";
import { switchTarget } from "../../i18n/language";
import { useLanguage } from "../../i18n/use-language";
import * as a from "../auth/auth-messages";
import * as m from "./shell-messages";
import { STATIC_SHELL_ATTRIBUTE } from "./static-shell-attribute";

/**
 * What a first visit to /login paints before any JavaScript has run (decision 0018): the auth
 * layout, the Sign In card and the footer as AuthLayout, LoginPage and SiteFooter render them, with
 * the same classes. Like the form pages' StaticFormShell it is `inert`, hidden from assistive
 * technology and without ids, and the app replaces it in one commit. A unit test keeps its words
 * equal to the real page's.
 */
export function StaticLoginShell() {
  // The language shown when the build renders it (issue 35): the card, the footer and the switch follow it.
  const { language, t } = useLanguage();
  const target = switchTarget(language);
  return (
    <div {...{ [STATIC_SHELL_ATTRIBUTE]: "" }} className="static-shell" inert aria-hidden="true">
      <div className="auth-layout">
        <header className="auth-layout__header">
          <BrandMark size={40} />
          <p className="brand__name">{partner.name}</p>
        </header>
        <main className="auth-card">
          <h1>{t(a.signIn)}</h1>
          <form className="auth-form">
            <div className="field">
              <span className="field__label">{t(a.email)}</span>
              <input className="field__input" type="email" />
            </div>
            <div className="field">
              <span className="field__label">{t(a.password)}</span>
              <div className="field__row">
                <input className="field__input" type="password" />
                <button className="button button--secondary field__toggle" type="button">
                  {t(a.show)}
                </button>
              </div>
            </div>
            <a className="auth-form__aside" href="/forgot">
              {t(a.forgotYourPassword)}
            </a>
            <button type="button" className="button button--primary">
              {t(a.signIn)}
            </button>
            <button type="button" className="button button--secondary">
              {t(a.resendCode)}
            </button>
            {/* The page's announcer (an empty live region there; not live here, the shell is inert). */}
            <p className="visually-hidden" />
          </form>
          <p className="auth-card__footer">
            {t(a.noAccount)}{" "}
            <a className="react-aria-Link" href="/signup">
              {t(a.createAnAccount)}
            </a>
          </p>
        </main>
        <footer className="site-footer">
          <div className="site-footer__links">
            <button type="button" className="link-button">
              {t(m.help)}
            </button>
            <button type="button" className="link-button">
              {t(m.privacy)}
            </button>
            <button type="button" className="link-button language-switch" lang={target.language}>
              {target.name}
            </button>
          </div>
          <address className="site-footer__address">
            {partner.addressLines.map((line) => (
              <span key={line}>{line}</span>
            ))}
            <span>
              <a className="react-aria-Link" href={`mailto:${partner.helpEmail}`}>
                {partner.helpEmail}
              </a>{" "}
              · {partner.phone}
            </span>
          </address>
        </footer>
      </div>
    </div>
  );
}
