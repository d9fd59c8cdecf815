import { Link } from "react-aria-components";
import { useRouteError } from "react-router-dom";
import { ApiError } from "../lib/api-client";
import { GENERIC_ERROR_MESSAGE } from "../shared/messages";
import { STAFF_PATHS } from "../shared/staff";
import { useStaffTitle } from "./staff-title";

/** What went wrong loading a page: offline, the server's trouble, or its refusal, as it was. */
export function StaffErrorScreen() {
  const error = useRouteError();
  useStaffTitle("Something went wrong");
  const message = error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;
  return (
    <main id="main" className="error-screen">
      <h1>Something went wrong</h1>
      <p role="alert">{message}</p>
      <p>
        <Link href={STAFF_PATHS.list}>Back to the applications</Link>
      </p>
    </main>
  );
}
