import { Link } from "react-aria-components";
import { useLocation } from "react-router-dom";
import { useLanguage } from "../../i18n/use-language";
import { COMPLETION_ROUTE, FORM_PAGES } from "../../shared/routes";
import { answerStore } from "../answers/answer-session";
import { useAnonymousWithAnswers } from "../answers/use-anonymous-with-answers";
import { useFormNavigation } from "../application/use-form-navigation";
import { useClientSnapshot } from "../profile/snapshot-context";
import * as shellMessages from "./shell-messages";

const WHY_ID = "step-nav-why";

/**
 * Horizontal step links (spec §2, §4). They replace the history entry, so Back leaves the form.
 * Signed in, a step link sends the answers and (while validating) the validations; an anonymous
 * visitor who has typed something is taken to create an account instead, as a note under the
 * links says (and each link's description). On /completion the application is submitted and its
 * steps cannot be opened (spec §2 sends them back to /completion): no links that do nothing.
 */
export function StepNav() {
  const { pathname } = useLocation();
  if (pathname === COMPLETION_ROUTE) return null;
  return <StepLinks pathname={pathname} />;
}

function StepLinks({ pathname }: { pathname: string }) {
  const { signedIn, save } = useFormNavigation();
  const { markPageChanged } = useClientSnapshot();
  const anonymousWithAnswers = useAnonymousWithAnswers(signedIn);
  const { t, text } = useLanguage();
  return (
    <nav className="step-nav" aria-label={t(shellMessages.applicationSteps)}>
      <ol>
        {FORM_PAGES.map((page, index) => {
          const current = pathname === page.path;
          return (
            <li key={page.path}>
              <Link
                href={anonymousWithAnswers ? "/signup" : page.path}
                routerOptions={
                  anonymousWithAnswers ? { state: { studentAnswers: answerStore.all() } } : { replace: true }
                }
                className="step-nav__link"
                aria-current={current ? "step" : undefined}
                aria-describedby={anonymousWithAnswers ? WHY_ID : undefined}
                onPress={() => {
                  if (anonymousWithAnswers) return;
                  markPageChanged();
                  if (signedIn) void save();
                }}
              >
                <span className="step-nav__number" aria-hidden="true">
                  {index + 1}
                </span>
                <span>
                  <span className="step-nav__step">{t(page.step)}</span>
                  <span className="step-nav__title">{text(page.title)}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
      {anonymousWithAnswers ? (
        <p id={WHY_ID} className="step-nav__why">
          {t(shellMessages.stepLinksToSignup)}
        </p>
      ) : null}
    </nav>
  );
}
