import { currentLanguage } from "../../i18n/translations";
import { answerStore, loadSyncClient } from "../answers/answer-session";
import type { ErrorMap } from "./application-check";

// Spec §4 "Client validation": while validating, the device's errors go to POST /api/validations.
// Queued like answers (sent when the network allows, the newest report replacing one still
// waiting), and only when they changed: an edit that fixes nothing reports nothing.

let last: { owner: string; report: string } | null = null;

/** The report as text with its keys in order, so equal reports compare equal. */
function reportText(errors: ErrorMap): string {
  return JSON.stringify(
    Object.keys(errors)
      .sort()
      .map((key) => [key, errors[key]]),
  );
}

/**
 * Queues `errors` for the server. Unless `always` (a Submit or a page change reports whatever it
 * finds), nothing is queued when the owner's last report said the same.
 */
export async function reportValidations(owner: string, errors: ErrorMap, always = false): Promise<void> {
  const english = await inEnglish(owner, errors);
  const report = reportText(english);
  if (!always && last?.owner === owner && last.report === report) return;
  last = { owner, report };
  await (await loadSyncClient()).queueAction("validations", english);
}

/**
 * The office reads one language (issue 35): `errors`, checked in the language the applicant
 * reads, checked again in the catalogue's English when that is another.
 */
async function inEnglish(owner: string, errors: ErrorMap): Promise<ErrorMap> {
  if (currentLanguage() === "en") return errors;
  const { checkApplication } = await import("./application-check");
  return checkApplication(owner, answerStore.all(), { inEnglish: true });
}
