import { useEffect } from "react";
import { showErrorDialog } from "../../components/error-dialog";
import { showErrorToast } from "../../components/toasts";
import type { ProfileLoadProblem } from "./base-profile-loader";

// Spec §8: a failed query goes to the error boundary, shown as an error toast or a modal titled
// "Unexpected Error". The form still opens with what this device holds (offline-first), and says
// what happened: no connection or a server problem (worth a retry) is a toast, a refusal a dialog;
// offline, the header says it.

export const PROFILE_LOAD_ERROR_TITLE = "Unexpected Error";
export const PROFILE_UNREACHABLE_MESSAGE = "We couldn't reach the server to load your application.";
export const PROFILE_SERVER_PROBLEM_MESSAGE = "The server had a problem loading your application:";
export const DEVICE_COPY_MESSAGE =
  "The answers saved on this device are shown; what you change is kept here and sent once the server takes it.";

export type ProfileLoadNotice = { as: "toast" | "dialog"; title: string; message: string };

/** What the applicant is told when the profile could not be loaded (null: nothing to add). */
export function profileLoadNotice(problem: ProfileLoadProblem | null): ProfileLoadNotice | null {
  if (!problem) return null;
  const deviceCopy = problem.deviceCopy ? ` ${DEVICE_COPY_MESSAGE}` : "";
  if (problem.kind === "unreachable") {
    if (problem.offline) return null;
    return {
      as: "toast",
      title: PROFILE_LOAD_ERROR_TITLE,
      message: `${PROFILE_UNREACHABLE_MESSAGE}${deviceCopy}`,
    };
  }
  if (problem.kind === "server-problem") {
    return {
      as: "toast",
      title: PROFILE_LOAD_ERROR_TITLE,
      message: `${PROFILE_SERVER_PROBLEM_MESSAGE} ${problem.message}${deviceCopy}`,
    };
  }
  return { as: "dialog", title: PROFILE_LOAD_ERROR_TITLE, message: `${problem.message}${deviceCopy}` };
}

/** Says it once per load of the profile (each load gives a new problem object). */
export function useProfileLoadNotice(problem: ProfileLoadProblem | null): void {
  useEffect(() => {
    const notice = profileLoadNotice(problem);
    if (!notice) return;
    if (notice.as === "toast") showErrorToast(notice.title, notice.message);
    else showErrorDialog({ title: notice.title, message: notice.message });
  }, [problem]);
}
