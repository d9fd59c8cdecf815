import type { Section } from "../../form/catalogue-types";
import { classifyFailure, retriesByItself } from "../../lib/failure";
import type { DocumentConversionState } from "../../shared/api-types";
import type { LocalDb, QueuedUpload } from "../answers/local-db";
import { isConverting } from "./conversion-poller";
import { isToSend, queueDeletion, restoreEntry, sendNow } from "./upload-queue";

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

/** A file leaving a tab deletes, by its question, with its name when the device knows it. */
export type TabFile = { key: string; name: string | null };

/**
 * Spec §4 tabs: before the applicant leaves tab `from`, each file of that tab is checked. While a
 * file is still to be uploaded (or being sent), or its conversion is UNPROCESSED or IN_PROGRESS,
 * the answer is `busy` (the page shows "File Upload in Progress" and stays). Otherwise it is the
 * files leaving would delete (a stored document, a conversion the server still reports, a file held
 * after a failure); offline the status this tab last knew decides. A server problem or refusal
 * when checking throws (the page shows "Error handling tabs for {tab}" and stays). Nothing changes.
 */
export async function checkLeaveTab(
  context: LeaveTabContext,
  section: Section,
  from: string,
): Promise<{ busy: true } | { busy: false; files: TabFile[] }> {
  return checkLeaveFiles(context, fileKeysOfTab(section, from));
}

/** `checkLeaveTab` for the file questions `keys` (a tab's, or a removed block's, issue 37). */
export async function checkLeaveFiles(
  context: LeaveTabContext,
  keys: readonly string[],
): Promise<{ busy: true } | { busy: false; files: TabFile[] }> {
  const { db, owner } = context;
  for (const key of keys) {
    const queued = await db.uploads.get([owner, key]);
    if ((queued?.op === "upload" && isToSend(queued)) || context.isSending(key)) return { busy: true };
  }
  const files: TabFile[] = [];
  for (const key of keys) {
    let status: DocumentConversionState["status"] | undefined;
    try {
      status = (await context.askConversion(key)).status;
    } catch (error) {
      // No answer (or a busy server): the status this tab last knew decides, so it works offline.
      if (!retriesByItself(classifyFailure(error))) throw error;
      status = context.knownStatus(key);
    }
    if (isConverting(status)) return { busy: true };
    const [stored, queued] = await Promise.all([
      db.documents.get([owner, key]),
      db.uploads.get([owner, key]),
    ]);
    if (stored || (status !== undefined && status !== "NOT_ANSWERED") || context.answer(key) !== "") {
      const name = stored?.file_name ?? (queued?.op === "upload" ? queued.file.name : null);
      files.push({ key, name });
    }
  }
  return { busy: false, files };
}

/** A deletion queued by leaving a tab, and what the device held for the question before it. */
export type HeldDeletion = { key: string; token: string | null; previous: QueuedUpload | undefined };

/**
 * Deletes the files of a tab the applicant left (queued on the device like every change, so it
 * works offline), sent from `notBefore` on: until then the applicant can undo it
 * (`undoTabFiles`). Returns what undoing needs.
 */
export async function deleteTabFiles(
  context: Pick<LeaveTabContext, "db" | "owner" | "forget">,
  keys: readonly string[],
  notBefore: number,
): Promise<HeldDeletion[]> {
  const { db, owner } = context;
  const held: HeldDeletion[] = [];
  for (const key of keys) {
    const previous = await db.uploads.get([owner, key]);
    await queueDeletion(db, owner, key, { notBefore });
    const queued = await db.uploads.get([owner, key]);
    held.push({ key, token: queued?.token ?? null, previous });
    context.forget(key);
  }
  return held;
}

/**
 * Undoes `deleteTabFiles` while its deletions still wait on the device: each question gets back
 * what the device held for it. Returns the questions whose file is back.
 */
export async function undoTabFiles(
  db: LocalDb,
  owner: string,
  held: readonly HeldDeletion[],
): Promise<string[]> {
  const restored: string[] = [];
  for (const { key, token, previous } of held) {
    if (token !== null && (await restoreEntry(db, owner, key, token, previous))) restored.push(key);
  }
  return restored;
}

/** The undo is no longer offered: the deletions go now. */
export async function releaseTabFiles(
  db: LocalDb,
  owner: string,
  held: readonly HeldDeletion[],
): Promise<void> {
  for (const { key, token } of held) if (token !== null) await sendNow(db, owner, key, token);
}
