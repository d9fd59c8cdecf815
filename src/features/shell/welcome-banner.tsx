import { Link } from "react-aria-components";
import { partner } from "../../config/partner";
import { welcomeBannerFor } from "../../shared/first-screens";
import { useAnonymousWithAnswers } from "../answers/use-anonymous-with-answers";
import { ContinueOnAnotherDeviceButton } from "../draft-links/continue-on-another-device";
import type { ClientSnapshot } from "../profile/client-snapshot";

/** Spec §2: shown to visitors, and to applicants with fewer than 3 logins who have not changed page. */
export function shouldShowWelcome(snapshot: ClientSnapshot): boolean {
  return welcomeBannerFor(snapshot) !== null;
}

export function WelcomeBanner({ snapshot }: { snapshot: ClientSnapshot }) {
  const anonymousWithAnswers = useAnonymousWithAnswers(snapshot.is_logged_in);
  // The same choice as the prerendered first screens' (static-shell.tsx, decision 0018).
  const banner = welcomeBannerFor(snapshot);
  if (banner === null) return null;
  const fee = `There is no application fee to apply to ${partner.name}.`;
  if (banner === "visitor") {
    return (
      <section className="welcome-banner" aria-labelledby="welcome-title">
        <h2 id="welcome-title">Welcome!</h2>
        <p>
          {fee} You can start right away; your answers are kept on this device.{" "}
          <Link href="/signup">Create an account</Link> to save them online and submit, or{" "}
          <Link href="/login">sign in</Link> if you already have one.
        </p>
        {anonymousWithAnswers ? (
          <p className="welcome-banner__continue">
            Started here but want to finish on your phone or another computer?{" "}
            <ContinueOnAnotherDeviceButton />
          </p>
        ) : null}
      </section>
    );
  }
  if (banner === "hello") {
    return (
      <section className="welcome-banner" aria-labelledby="welcome-title">
        <h2 id="welcome-title">Hello!</h2>
        {/* One text node, as in the prerendered screen: see static-shell.tsx. */}
        <p>{`Thank you for starting your application for ${partner.terms.current}. ${fee}`}</p>
      </section>
    );
  }
  return (
    <section className="welcome-banner" aria-labelledby="welcome-title">
      <h2 id="welcome-title">Welcome Back!</h2>
      <p>{`Good to see you again. ${fee} Finish your remaining steps and submit your application soon.`}</p>
    </section>
  );
}
