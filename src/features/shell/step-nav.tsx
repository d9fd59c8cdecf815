import { Link } from "react-aria-components";
import { useLocation } from "react-router-dom";
import { useLanguage } from "../../i18n/use-language";
import { FORM_PAGES } from "../../shared/routes";
import { answerStore } from "../answers/answer-session";
import { useAnonymousWithAnswers } from "../answers/use-anonymous-with-answers";
import { useFormNavigation } from "../application/use-form-navigation";
import { useClientSnapshot } from "../profile/snapshot-context";
import * as shellMessages from "./shell-messages";

/**
 * Horizontal step links (spec §2, §4). They replace the history entry, so Back leaves the form.
 * Signed in, a step link sends the answers and (while validating) the validations; an anonymous
 * visitor who has typed something is taken to create an account instead.
 */
export function StepNav() {
  const { pathname } = useLocation();
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
                  <span className="step-nav__step">
                    {t(shellMessages.stepMessages[page.step] ?? page.step)}
                  </span>
                  <span className="step-nav__title">{text(page.title)}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
