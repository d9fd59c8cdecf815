import { useEffect } from "react";
import { Link } from "react-aria-components";
import { useRouteError } from "react-router-dom";
import { ERROR_SCREEN_TEXT, ERROR_SCREEN_TITLE } from "../../shared/messages";

/** Spec §2 generic error screen, for any error raised while loading or rendering a route. */
export function ErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error("route error", error);
  }, [error]);
  return (
    <main className="error-screen" id="main">
      <h1 tabIndex={-1}>{ERROR_SCREEN_TITLE}</h1>
      <p>{ERROR_SCREEN_TEXT}</p>
      <p>Your answers are saved on this device.</p>
      <Link className="button button--primary" href="/about">
        Return to the application
      </Link>
    </main>
  );
}
