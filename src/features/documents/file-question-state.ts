import { formatEnglish, type MessageValues } from "../../i18n/format-message";
import { FILE_ANSWERED_VALUE } from "../../shared/document-rules";
import { formatFileSize } from "../../shared/file-size";
import type { QueuedUpload, StoredDocument } from "../answers/local-db";
import { type ConversionState, isConverting } from "./conversion-poller";
import * as words from "./file-question-messages";

/** What a file question knows about its file, from the device, the server and this tab. */
export type FileQuestionFacts = {
  signedIn: boolean;
  /** The change waiting on this device (a file to upload, or a deletion). */
  queued: QueuedUpload | undefined;
  /** The server's document, as last known. */
  document: Pick<StoredDocument, "file_name" | "file_size"> | undefined;
  /** The conversion, as this tab last learnt it. */
  conversion: ConversionState | undefined;
  /** Bytes of the file this tab has sent to the store. */
  progress: { sent: number; total: number } | undefined;
  online: boolean;
  /** The question's answer: "ANSWERED" once converted (spec §4). */
  answer: string;
};

export type ShownFile = { name: string; size: number };

/**
 * Spec §4 file upload states, with the offline one of decision 0014: `empty` (the file input);
 * `waiting` (kept on the device until it can be uploaded); `uploading` (bytes sent, when this tab
 * sends them); `converting`; `ready` (name, size, View once converted, Delete); `failed` (the
 * upload or conversion failed for good, issue 30: Try again with the file kept here, or Delete). Anonymous visitors
 * are asked to create an account instead (spec §6).
 */
export type FileQuestionView =
  | { state: "anonymous" }
  | { state: "empty" }
  | { state: "waiting"; file: ShownFile; busy?: boolean }
  /**
   * `retry`: a try after one that failed, which the status line says as it said the wait (the
   * bytes' progress shows it is sending), so that each retry is not "Uploading…" said again.
   */
  | { state: "uploading"; file: ShownFile; sent: number | null; retry?: "connection" | "server" }
  | { state: "converting"; file: ShownFile }
  /** The upload or its conversion failed for good; the file is kept on the device to try again. */
  | { state: "failed"; file: ShownFile; message: string }
  | { state: "ready"; file: ShownFile; viewable: boolean };

export function fileQuestionView(facts: FileQuestionFacts): FileQuestionView {
  const { queued, document, conversion } = facts;
  if (!facts.signedIn) return { state: "anonymous" };
  // A deletion waiting to be sent: the applicant has deleted the file.
  if (queued?.op === "delete") return { state: "empty" };
  if (queued?.op === "upload" && queued.held !== undefined) {
    return {
      state: "failed",
      file: { name: queued.file.name, size: queued.file.size },
      message: queued.held,
    };
  }
  // A recorded file's copy on the device changes nothing: the server's document and conversion say.
  if (queued?.op === "upload" && !queued.recorded) {
    const file = { name: queued.file.name, size: queued.file.size };
    if (facts.progress) {
      const sent = facts.progress.sent;
      return queued.attempts > 0
        ? { state: "uploading", file, sent, retry: queued.waitingFor === "server" ? "server" : "connection" }
        : { state: "uploading", file, sent };
    }
    // Nothing sent yet: offline, or the last try failed and a retry is scheduled.
    if (!facts.online) return { state: "waiting", file };
    if (queued.attempts > 0)
      return queued.waitingFor === "server"
        ? { state: "waiting", file, busy: true }
        : { state: "waiting", file };
    return { state: "uploading", file, sent: null };
  }
  if (queued?.op === "upload" && queued.recorded && conversion?.status === "FAILED") {
    // The device still holds the file whose conversion failed: it is about to be held to try
    // again (the runtime does it next), never shown empty in between (issue 37: focus went with it).
    return {
      state: "failed",
      file: { name: queued.file.name, size: queued.file.size },
      message: conversion.message,
    };
  }
  if (conversion?.status === "FAILED" || conversion?.status === "NOT_ANSWERED") {
    // The server removed a refused file; a document without a conversion can still be deleted.
    return document && conversion.status === "NOT_ANSWERED"
      ? { state: "ready", file: shown(document), viewable: false }
      : { state: "empty" };
  }
  if (!document)
    return isConverting(conversion?.status) ? { state: "converting", file: unnamed } : { state: "empty" };
  const file = shown(document);
  if (isConverting(conversion?.status)) return { state: "converting", file };
  if (conversion?.status === "COMPLETED") return { state: "ready", file, viewable: true };
  // Not asked yet: the answer says whether the conversion completed (the server writes it).
  return facts.answer === FILE_ANSWERED_VALUE
    ? { state: "ready", file, viewable: true }
    : { state: "converting", file };
}

const unnamed: ShownFile = { name: "", size: 0 };

function shown(document: Pick<StoredDocument, "file_name" | "file_size">): ShownFile {
  return { name: document.file_name, size: document.file_size };
}

function waitingText(online: boolean, busy: boolean): string {
  if (!online) return words.waitingOffline;
  return busy ? words.waitingBusy : words.waitingUnreachable;
}

/** The page's language: its messages' formatter, and its text for a server's message. */
export type Words = {
  t: (english: string, values?: MessageValues) => string;
  text: (english: string) => string;
};

const ENGLISH: Words = { t: formatEnglish, text: (english) => english };

/**
 * The status line, announced politely when it changes (never the percentage, which would chatter).
 * It changes with what the applicant needs to know, not with each try: once an upload has had to
 * wait, its retries keep saying the wait until it is uploaded or fails (issue 37).
 */
export function statusText(view: FileQuestionView, online: boolean, { t, text }: Words = ENGLISH): string {
  switch (view.state) {
    case "anonymous":
    case "empty":
      return "";
    case "waiting":
      return t(waitingText(online, view.busy === true));
    case "uploading":
      return t(view.retry ? waitingText(online, view.retry === "server") : words.uploading);
    case "converting":
      return t(words.converting);
    case "failed":
      return t(words.problemWithFile, { message: text(view.message) });
    case "ready":
      return t(words.uploaded, { name: view.file.name, size: formatFileSize(view.file.size) });
  }
}
