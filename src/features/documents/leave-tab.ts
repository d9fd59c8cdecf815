import type { Section } from "../../form/catalogue-types";
import { classifyFailure, retriesByItself } from "../../lib/failure";
import type { DocumentConversionState } from "../../shared/api-types";
import type { LocalDb } from "../answers/local-db";
import { isConverting } from "./conversion-poller";
import { isToSend, queueDeletion } from "./upload-queue";

/** The file questions of one tab of a tabbed section. */
export function fileKeysOfTab(section: Section, tabId: string): string[] {
  const tab = section.tabs?.tabs.find((entry) => entry.id === tabId);
  return (tab?.questions ?? [])
    .filter((question) => question.kind === "file")
    .map((question) => question.key);
}

/** What leaving a tab needs from the documents of this tab and device. */
export type LeaveTabContext = {
  db: LocalDb;
  owner: string;
  /** Whether this tab is sending the question's file right now. */
  isSending(key: string): boolean;
  /** Asks the server for the conversion's status; throws as the call does. */
  askConversion(key: string): Promise<DocumentConversionState>;
  /** The status this tab knew before, for when the server cannot be reached. */
  knownStatus(key: string): DocumentConversionState["status"] | undefined;
  answer(key: string): string;
  /** A deletion was queued for the question: nothing of it converts any more. */
  forget(key: string): void;
};

/**
 * Spec §4 tabs: before the applicant leaves tab `from`, each file of that tab is checked. While a
 * file is still to be uploaded (or being sent), or its conversion is UNPROCESSED or IN_PROGRESS,
 * the answer is `busy` (the page shows "File Upload in Progress" and stays). Otherwise the stored
 * document and conversion are deleted (queued on the device like every change, so the switch also
 * works offline: then the status this tab last knew decides) and the answer is `allowed`; the page
 * then saves the choice and clears the tab's answers. A server problem or refusal when checking, or
 * a failure to queue, throws (the page shows "Error handling tabs for {tab}" and stays).
 */
export async function leaveTab(
  context: LeaveTabContext,
  section: Section,
  from: string,
): Promise<"allowed" | "busy"> {
  const keys = fileKeysOfTab(section, from);
  const { db, owner } = context;
  for (const key of keys) {
    const queued = await db.uploads.get([owner, key]);
    if ((queued?.op === "upload" && isToSend(queued)) || context.isSending(key)) return "busy";
  }
  const toDelete: string[] = [];
  for (const key of keys) {
    let status: DocumentConversionState["status"] | undefined;
    try {
      status = (await context.askConversion(key)).status;
    } catch (error) {
      // No answer (or a busy server): the status this tab last knew decides, so it works offline.
      if (!retriesByItself(classifyFailure(error))) throw error;
      status = context.knownStatus(key);
    }
    if (isConverting(status)) return "busy";
    const stored = (await db.documents.get([owner, key])) !== undefined;
    if (stored || (status !== undefined && status !== "NOT_ANSWERED") || context.answer(key) !== "") {
      toDelete.push(key);
    }
  }
  for (const key of toDelete) {
    await queueDeletion(db, owner, key);
    context.forget(key);
  }
  return "allowed";
}
