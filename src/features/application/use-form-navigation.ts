import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { showErrorToast } from "../../components/toasts";
import { answerStore, loadSyncClient } from "../answers/answer-session";
import { refusedKeys } from "../answers/refused-answers";
import { type SaveOutcome, saveOutcome } from "../answers/save-outcome";
import { BUSY_MESSAGE, getSyncStatus, serverErrorMessage, UNREACHABLE_MESSAGE } from "../answers/sync-status";
import { useClientSnapshot } from "../profile/snapshot-context";
import { reportValidations } from "./validation-report";

/** Spec §4: anything typed on this device (an anonymous visitor is then asked to create an account). */
export function hasAnyAnswer(): boolean {
  return answerStore.hasAnyValue();
}

/** How long moving to another page waits for the server before going on without it. */
const SAVE_WAIT_MS = 3_000;

export const SAVED_MESSAGE = "Your answers have been saved.";
export const SAVED_ON_DEVICE_MESSAGE =
  "Your answers are saved on this device and will be sent as soon as you're back online.";
export const STILL_SENDING_MESSAGE = "Your answers are saved on this device and are still being sent.";
/** The title (and name) of the error toasts that say a save did not reach the server, in plain words. */
export const SAVE_ERROR_LABEL = "Your answers were not all saved";
const GENERIC_SAVE_MESSAGE = "The server refused your changes.";

/**
 * The moves between form pages of spec §4 ("Navigation button", "Save-and-continue button", step
 * links): signed-in applicants' answers are sent and, while validating, the whole application is
 * re-checked and reported; anonymous visitors with answers go to sign-up with them.
 */
export function useFormNavigation() {
  const { snapshot, markPageChanged } = useClientSnapshot();
  const navigate = useNavigate();
  const signedIn = snapshot.is_logged_in;
  const validating = snapshot.web_status === "validating";

  /** Spec §4 "Client validation": only while validating, the errors go to POST /api/validations. */
  const runValidations = useCallback(async () => {
    if (!signedIn || !validating) return;
    // Loaded on demand: the check needs every page's catalogue, the first screen does not.
    const { checkApplication } = await import("./application-check");
    const errors = await checkApplication(answerStore.owner, answerStore.all());
    await reportValidations(answerStore.owner, errors, true);
  }, [signedIn, validating]);

  /**
   * Sends what is waiting and says what became of it. Waits at most SAVE_WAIT_MS: the answers are
   * already safe on the device, so a slow network must not hold the applicant back.
   */
  const save = useCallback(async (): Promise<SaveOutcome> => {
    await runValidations();
    const syncClient = await loadSyncClient();
    await Promise.race([syncClient.flush(), new Promise((resolve) => setTimeout(resolve, SAVE_WAIT_MS))]);
    return saveOutcome(getSyncStatus(), await syncClient.pending());
  }, [runValidations]);

  const toSignup = useCallback(
    () => navigate("/signup", { state: { studentAnswers: answerStore.all() } }),
    [navigate],
  );

  /** "Back" and similar: validations, then the page; the first move marks has_changed_page. */
  const goTo = useCallback(
    (path: string) => {
      markPageChanged();
      void runValidations();
      navigate(path);
    },
    [markPageChanged, runValidations, navigate],
  );

  /**
   * "Save and continue": save and validate (one request per waiting change: a click is one try,
   * failure-policy.ts), then the next page with a message that tells the truth: saved, or saved on
   * the device while offline, or kept on the device while the server cannot be reached, is busy,
   * or had a problem (with its message). Answers the server refused keep the applicant on the page, told which and what to do;
   * an ended session says nothing here (the applicant is taken to sign in again).
   */
  const saveAndGoTo = useCallback(
    async (path: string) => {
      if (!signedIn) {
        if (hasAnyAnswer()) toSignup();
        else goTo(path);
        return;
      }
      const owner = answerStore.owner;
      const outcome = await save();
      // Signed out meanwhile (the session ended during the save): the applicant is on the way to
      // sign in again, and nothing here may say otherwise or move them elsewhere.
      if (answerStore.owner !== owner) return;
      switch (outcome) {
        case "signed-out":
          return;
        case "refused": {
          const { refusedOnSaveMessage } = await import("./refused-answers-message");
          showErrorToast(SAVE_ERROR_LABEL, refusedOnSaveMessage(refusedKeys()));
          return;
        }
        case "attention":
          showErrorToast(SAVE_ERROR_LABEL, getSyncStatus().serverMessage ?? GENERIC_SAVE_MESSAGE);
          return;
        case "unreachable":
          showErrorToast(SAVE_ERROR_LABEL, `${UNREACHABLE_MESSAGE}.`);
          break;
        case "busy":
          showErrorToast(SAVE_ERROR_LABEL, `${BUSY_MESSAGE}.`);
          break;
        case "server-error": {
          const status = getSyncStatus();
          showErrorToast(SAVE_ERROR_LABEL, serverErrorMessage(status.serverMessage, status.pending));
          break;
        }
      }
      markPageChanged();
      const successMessage =
        outcome === "saved"
          ? SAVED_MESSAGE
          : outcome === "offline"
            ? SAVED_ON_DEVICE_MESSAGE
            : outcome === "sending"
              ? STILL_SENDING_MESSAGE
              : undefined;
      navigate(path, { state: successMessage ? { successMessage } : null });
    },
    [signedIn, toSignup, goTo, save, markPageChanged, navigate],
  );

  return { signedIn, goTo, saveAndGoTo, save, toSignup, runValidations };
}
