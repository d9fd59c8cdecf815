import { Link } from "react-aria-components";
import { partner } from "../../config/partner";
import { useLanguage } from "../../i18n/use-language";
import { welcomeBannerFor } from "../../shared/first-screens";
import { useAnonymousWithAnswers } from "../answers/use-anonymous-with-answers";
import { ContinueOnAnotherDeviceButton } from "../draft-links/continue-on-another-device";
import type { ClientSnapshot } from "../profile/client-snapshot";
import * as m from "./shell-messages";

/** Spec §2: shown to visitors, and to applicants with fewer than 3 logins who have not changed page. */
export function shouldShowWelcome(snapshot: ClientSnapshot): boolean {
  return welcomeBannerFor(snapshot) !== null;
}

export function WelcomeBanner({ snapshot }: { snapshot: ClientSnapshot }) {
  const anonymousWithAnswers = useAnonymousWithAnswers(snapshot.is_logged_in);
  const { t } = useLanguage();
  // The same choice as the prerendered first screens' (static-shell.tsx, decision 0018).
  const banner = welcomeBannerFor(snapshot);
  if (banner === null) return null;
  const fee = t(m.noFee, { host: partner.name });
  if (banner === "visitor") {
    return (
      <section className="welcome-banner" aria-labelledby="welcome-title">
        <h2 id="welcome-title">{t(m.welcome)}</h2>
        <p>
          {fee} {t(m.startRightAway)} <Link href="/signup">{t(m.createAccount)}</Link> {t(m.toSaveOnline)}{" "}
          <Link href="/login">{t(m.signIn)}</Link> {t(m.ifYouHaveOne)}
        </p>
        {anonymousWithAnswers ? (
          <p className="welcome-banner__continue">
            {t(m.continueElsewhere)} <ContinueOnAnotherDeviceButton />
          </p>
        ) : null}
      </section>
    );
  }
  if (banner === "hello") {
    return (
      <section className="welcome-banner" aria-labelledby="welcome-title">
        <h2 id="welcome-title">{t(m.hello)}</h2>
        {/* One text node, as in the prerendered screen: see static-shell.tsx. */}
        <p>{t(m.helloText, { term: partner.terms.current, fee })}</p>
      </section>
    );
  }
  return (
    <section className="welcome-banner" aria-labelledby="welcome-title">
      <h2 id="welcome-title">{t(m.welcomeBack)}</h2>
      <p>{t(m.welcomeBackText, { fee })}</p>
    </section>
  );
}
