import { useEffect } from "react";
import { Link } from "react-aria-components";
import { useRouteError } from "react-router-dom";
import { catalogueText as text } from "../../i18n/translations";
import { ERROR_SCREEN_TEXT, ERROR_SCREEN_TITLE } from "../../shared/messages";
import { answersSaved, returnToApplication } from "./error-screen-messages";

/**
 * Spec §2 generic error screen, for any error raised while loading or rendering a route, in the
 * page's language (it has no language switch: the language cannot change while it shows).
 */
export function ErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error("route error", error);
  }, [error]);
  return (
    <main className="error-screen" id="main">
      <h1 tabIndex={-1}>{text(ERROR_SCREEN_TITLE)}</h1>
      <p>{text(ERROR_SCREEN_TEXT)}</p>
      <p>{text(answersSaved)}</p>
      <Link className="button button--primary" href="/about">
        {text(returnToApplication)}
      </Link>
    </main>
  );
}
