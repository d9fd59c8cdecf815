import { closeToast, showErrorToast } from "../../components/toasts";
import { indexCatalogue } from "../../form/engine/catalogue-index";
import { messagePrefixOf } from "../../form/engine/validate";
import { formPages } from "../../form/pages/form-pages";
import { FAILURE_POLICY } from "../../lib/failure-policy";
import { KeyedListeners } from "../../lib/keyed-listeners";
import type { DocumentConversionState } from "../../shared/api-types";
import { FILE_ANSWERED_VALUE, VIEW_LINK_SECONDS } from "../../shared/document-rules";
import { GENERIC_ERROR_MESSAGE } from "../../shared/messages";
import { answerStore, loadSyncClient } from "../answers/answer-session";
import { type KeptFile, localDb } from "../answers/local-db";
import { answerWriter, setAnswer } from "../form/set-answer";
import { deleteConversion } from "./api/delete-conversion";
import { getConversion } from "./api/get-conversion";
import { getDocumentAnswers } from "./api/get-document-answers";
import { httpUploadTransport } from "./api/upload-transport";
import { ConversionPoller, type ConversionState, isConverting } from "./conversion-poller";
import { dropServerDocument, replaceServerDocuments } from "./document-cache";
import { hiddenFileQuestionFinder } from "./hidden-file-questions";
import { storageFailureMessage } from "./storage-failure";
import { conversionEnded, dropHeld, queueDeletion, queueUpload, retryHeld } from "./upload-queue";
import { type UploadEvents, UploadWorker } from "./upload-worker";

/** Spec §8: the label of an upload's error toast. */
export const uploadErrorLabel = (field: string) => FAILURE_POLICY.upload.toastLabel?.(field) ?? field;

const hiddenFileQuestions = hiddenFileQuestionFinder(formPages);

/** A view link is asked for again this long before the server's lifetime for it runs out. */
const VIEW_LINK_MARGIN_MS = 30_000;

/** The question's name as the applicant reads it, with its block ("College/University 2: …"). */
export function fieldName(key: string): string {
  const entry = indexCatalogue(formPages).byKey.get(key);
  return entry ? `${messagePrefixOf(entry)}${entry.question.label}` : key;
}

/**
 * The documents of the signed-in applicant in this tab (decision 0014): the upload worker (one tab
 * per owner sends), a conversion poller per question, the bytes this tab has sent, and what
 * follows from a conversion's end: COMPLETED mirrors the answer "ANSWERED" on the device (the
 * server wrote it too); FAILED clears the field and shows "Error uploading file for {field}",
 * whose dismissal deletes the conversion (spec §8). Components read it through
 * `use-file-question.ts`; every change still goes device first (the upload queue, the answer store).
 */
export class DocumentsRuntime {
  private currentOwner: string | null = null;
  private worker: UploadWorker | null = null;
  private readonly pollers = new Map<string, ConversionPoller>();
  private readonly progress = new Map<string, { sent: number; total: number }>();
  /** Watches held for uploads recorded by this tab, until their conversion ends. */
  private readonly afterUpload = new Map<string, () => void>();
  /** The open "Error uploading file for {field}" toast of each question; `reset` unless retried. */
  private readonly failureToasts = new Map<string, { toast: string; reset: boolean }>();
  private readonly listeners = new KeyedListeners();
  private stopWatchingAnswers: () => void = () => {};

  get owner(): string | null {
    return this.currentOwner;
  }

  /** Starts sending `owner`'s waiting file changes (signed-in applicants only); idempotent. */
  start(owner: string): void {
    if (this.currentOwner === owner) return;
    this.stop();
    this.currentOwner = owner;
    this.worker = new UploadWorker(localDb(), owner, httpUploadTransport, this.events, {
      lockName: `admissions-uploads:${owner}`,
    });
    this.worker.start();
    window.addEventListener("online", this.onOnline);
    this.stopWatchingAnswers = answerWriter.onWrite((changes) => {
      for (const key of hiddenFileQuestions(changes, answerStore.all())) void this.removeHidden(owner, key);
    });
  }

  stop(): void {
    this.stopWatchingAnswers();
    this.stopWatchingAnswers = () => {};
    this.worker?.stop();
    this.worker = null;
    for (const release of this.afterUpload.values()) release();
    this.afterUpload.clear();
    this.pollers.clear();
    this.progress.clear();
    this.currentOwner = null;
    window.removeEventListener("online", this.onOnline);
    this.listeners.notifyAll();
  }

  subscribe(key: string, listener: () => void): () => void {
    return this.listeners.subscribe(key, listener);
  }

  conversionOf(key: string): ConversionState | undefined {
    return this.pollers.get(key)?.current;
  }

  progressOf(key: string): { sent: number; total: number } | undefined {
    return this.progress.get(key);
  }

  /** Whether this tab is sending question `key`'s change right now. */
  isSending(key: string): boolean {
    return this.worker?.sendingKey === key;
  }

  /** A file question on screen: its conversion is asked about while it stays (spec §4). */
  watch(key: string): () => void {
    return this.currentOwner ? this.poller(key).watch() : () => {};
  }

  /** Keeps `file` on the device for question `key` and sends it when it can. Throws a storage error. */
  async choose(key: string, file: KeptFile): Promise<void> {
    const owner = this.requireOwner();
    this.worker?.abort(key);
    this.closeFailure(key);
    await queueUpload(localDb(), owner, key, file);
    void this.worker?.flushNow();
  }

  /**
   * Deletes question `key`'s file (spec §4): a file still waiting is dropped; the server's document
   * and conversion are deleted (queued, so it works offline). The answer becomes "".
   */
  async remove(key: string): Promise<void> {
    const owner = this.requireOwner();
    this.worker?.abort(key);
    await queueDeletion(localDb(), owner, key);
    this.progress.delete(key);
    this.poller(key).set({ status: "NOT_ANSWERED", message: "", url: null });
    if (answerStore.get(key) !== "") setAnswer(key, "");
    void this.worker?.flushNow();
  }

  /**
   * "Try again" after a failed upload or conversion: the file held on the device goes back in the
   * queue (its error toast closes without resetting anything).
   */
  async retry(key: string): Promise<void> {
    const owner = this.requireOwner();
    this.closeFailure(key);
    if (!(await retryHeld(localDb(), owner, key))) return;
    this.poller(key).set({ status: "NOT_ANSWERED", message: "", url: null });
    void this.worker?.flushNow();
  }

  /** The question's error toast goes without resetting anything: a newer file or a retry is under way. */
  private closeFailure(key: string): void {
    const open = this.failureToasts.get(key);
    if (!open) return;
    open.reset = false;
    closeToast(open.toast);
  }

  /** The link to the converted PDF if this tab holds one that still works for a while. */
  freshViewUrl(key: string): string | null {
    const state = this.conversionOf(key);
    if (state?.status !== "COMPLETED" || !state.url) return null;
    const age = Date.now() - state.receivedAt;
    return age < VIEW_LINK_SECONDS * 1000 - VIEW_LINK_MARGIN_MS ? state.url : null;
  }

  /** Asks the server for the status again, for a fresh link; null when there is none. */
  async refreshViewUrl(key: string): Promise<string | null> {
    const state = await this.poller(key).poll();
    return state?.status === "COMPLETED" ? state.url : null;
  }

  /** Asks the server for question `key`'s status now (tab switches); throws as the call does. */
  async askConversion(key: string): Promise<DocumentConversionState> {
    const state = await getConversion(key);
    this.poller(key).set(state);
    return state;
  }

  /** After a deletion queued elsewhere (a tab switch, a hidden question): nothing converts any more. */
  forgetConversion(key: string): void {
    this.worker?.abort(key);
    this.progress.delete(key);
    this.poller(key).set({ status: "NOT_ANSWERED", message: "", url: null });
    void this.worker?.flushNow();
  }

  /** Sends what waits now (a deletion whose undo has ended). */
  sendWaiting(): void {
    void this.worker?.flushNow();
  }

  /** A file question an answer hid: its document goes, as its answer did (decision 0014). */
  private async removeHidden(owner: string, key: string): Promise<void> {
    const db = localDb();
    const [queued, stored] = await Promise.all([
      db.uploads.get([owner, key]),
      db.documents.get([owner, key]),
    ]);
    if (!queued && !stored) return;
    if (queued?.op === "delete") return;
    try {
      await queueDeletion(db, owner, key);
    } catch (error) {
      showErrorToast(uploadErrorLabel(fieldName(key)), storageFailureMessage(error));
      return;
    }
    if (this.currentOwner === owner) this.forgetConversion(key);
  }

  private requireOwner(): string {
    if (!this.currentOwner) throw new Error("Documents need a signed-in applicant.");
    return this.currentOwner;
  }

  private poller(key: string): ConversionPoller {
    let poller = this.pollers.get(key);
    if (!poller) {
      poller = new ConversionPoller(key, getConversion, (state, previous) =>
        this.conversionChanged(key, state, previous),
      );
      this.pollers.set(key, poller);
    }
    return poller;
  }

  private readonly onOnline = () => {
    for (const poller of this.pollers.values()) {
      if (poller.watched && (poller.current === undefined || isConverting(poller.current.status))) {
        void poller.poll();
      }
    }
  };

  private conversionChanged(
    key: string,
    state: ConversionState,
    previous: ConversionState | undefined,
  ): void {
    this.listeners.notify(key);
    const owner = this.currentOwner;
    if (!owner || answerStore.owner !== owner) return;
    if (!isConverting(state.status)) {
      this.afterUpload.get(key)?.();
      this.afterUpload.delete(key);
    }
    if (state.status === "COMPLETED") {
      // Spec §4: COMPLETED marks the answer. The server stored it when the conversion completed
      // (decision 0009): the device takes it as the server's value, and sends nothing back.
      if (answerStore.get(key) !== FILE_ANSWERED_VALUE) void this.answeredByServer(owner, key);
      void conversionEnded(localDb(), owner, key, { completed: true }).catch(() => {});
    }
    if (state.status === "FAILED" && previous?.status !== "FAILED")
      void this.conversionFailed(owner, key, state);
  }

  /** The answer the server wrote as `key`'s conversion completed, kept here (not while a change of it waits). */
  private async answeredByServer(owner: string, key: string): Promise<void> {
    const syncClient = await loadSyncClient();
    if (await syncClient.adoptServerAnswer(owner, key, FILE_ANSWERED_VALUE)) {
      answerWriter.adopted({ [key]: FILE_ANSWERED_VALUE });
    }
  }

  /**
   * Spec §4 and §8: FAILED clears the field and says why; the file, if this device kept it, is held
   * to try again. Dismissing the toast resets.
   */
  private async conversionFailed(owner: string, key: string, state: ConversionState): Promise<void> {
    const db = localDb();
    if (state.pollFailed && !(await this.holdsFile(owner, key))) {
      // A question with no file here, asked about as it came on screen: the failed poll is about
      // nothing the applicant did (the header says the server's trouble); nothing to fail.
      this.poller(key).set({ status: "NOT_ANSWERED", message: "", url: null });
      return;
    }
    if (answerStore.get(key) !== "") setAnswer(key, "");
    // The file is held first, then the document dropped: in the other order the question showed
    // empty for a moment, and focus on its status went with it (issue 37).
    await conversionEnded(db, owner, key, { failed: state.message }).catch(() => false);
    await dropServerDocument(db, owner, key).catch(() => {});
    this.failedToast(owner, key, state.message);
  }

  /** Whether the server's document or a file on its way is known here for the question. */
  private async holdsFile(owner: string, key: string): Promise<boolean> {
    const db = localDb();
    const [document, queued] = await Promise.all([
      db.documents.get([owner, key]),
      db.uploads.get([owner, key]),
    ]);
    return document !== undefined || queued?.op === "upload" || answerStore.get(key) !== "";
  }

  /** "Error uploading file for {field}", once per question while it is open (spec §8). */
  private failedToast(owner: string, key: string, message: string): void {
    if (this.failureToasts.has(key)) return;
    const open = { toast: "", reset: true };
    this.failureToasts.set(key, open);
    open.toast = showErrorToast(uploadErrorLabel(fieldName(key)), message || GENERIC_ERROR_MESSAGE, {
      onClose: () => {
        if (this.failureToasts.get(key) === open) this.failureToasts.delete(key);
        if (open.reset) void this.reset(owner, key);
      },
    });
  }

  /**
   * Spec §8 reset of an upload error: the conversion is deleted, the file held on the device is
   * dropped, and the server's documents are read again (GET /api/document-answer).
   */
  private async reset(owner: string, key: string): Promise<void> {
    const db = localDb();
    await dropHeld(db, owner, key).catch(() => false);
    try {
      await deleteConversion(key);
      await replaceServerDocuments(db, owner, await getDocumentAnswers());
    } catch {
      // Offline or failing: the profile's next load brings the server's documents.
    }
    if (this.currentOwner === owner) this.poller(key).set({ status: "NOT_ANSWERED", message: "", url: null });
  }

  private readonly events: UploadEvents = {
    progress: (key, sent, total) => {
      this.progress.set(key, { sent, total });
      this.listeners.notify(key);
    },
    sending: (key) => {
      if (key !== null) return;
      const keys = [...this.progress.keys()];
      this.progress.clear();
      for (const done of keys) this.listeners.notify(done);
    },
    recorded: (key, accepted) => {
      this.progress.delete(key);
      const poller = this.poller(key);
      poller.set({ status: accepted.status, message: accepted.message, url: null });
      // Spec §4: the conversion is asked about while the upload is in flight, on screen or not.
      if (isConverting(accepted.status) && !this.afterUpload.has(key))
        this.afterUpload.set(key, poller.watch());
    },
    deleted: (key) => {
      this.poller(key).set({ status: "NOT_ANSWERED", message: "", url: null });
    },
    failed: (key, failure, op) => {
      this.progress.delete(key);
      this.listeners.notify(key);
      const owner = this.currentOwner;
      if (!owner) return;
      // An upload is held on the device (reset on dismissal); a deletion waits for the next try.
      if (op === "upload") this.failedToast(owner, key, failure.message);
      else showErrorToast(uploadErrorLabel(fieldName(key)), failure.message);
    },
  };
}

/** The app's one documents runtime. */
export const documentsRuntime = new DocumentsRuntime();
