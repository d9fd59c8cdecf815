import { loadSyncClient } from "../answers/answer-session";
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
  const report = reportText(errors);
  if (!always && last?.owner === owner && last.report === report) return;
  last = { owner, report };
  await (await loadSyncClient()).queueAction("validations", errors);
}
