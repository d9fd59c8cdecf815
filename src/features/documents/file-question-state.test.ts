import { describe, expect, it } from "vitest";
import type { QueuedUpload } from "../answers/local-db";
import type { ConversionState } from "./conversion-poller";
import { type FileQuestionFacts, fileQuestionView, statusText } from "./file-question-state";

const owner = "ada@example.edu";
const file = { name: "statement.docx", type: "", size: 250_880, bytes: new ArrayBuffer(0) };
const upload: QueuedUpload = {
  owner,
  key: "resume_file",
  token: "t",
  queuedAt: 1,
  attempts: 0,
  op: "upload",
  file,
};
const document = { file_name: "statement.docx", file_size: 250_880 };
const conversion = (status: ConversionState["status"], url: string | null = null): ConversionState => ({
  status,
  message: "",
  url,
  receivedAt: 0,
});

const facts = (change: Partial<FileQuestionFacts> = {}): FileQuestionFacts => ({
  signedIn: true,
  queued: undefined,
  document: undefined,
  conversion: undefined,
  progress: undefined,
  online: true,
  answer: "",
  ...change,
});

describe("a file question's state", () => {
  it("asks anonymous visitors to create an account, whatever the device holds", () => {
    expect(fileQuestionView(facts({ signedIn: false, document }))).toEqual({ state: "anonymous" });
  });

  it("is empty with nothing chosen, stored or converting", () => {
    expect(fileQuestionView(facts())).toEqual({ state: "empty" });
    expect(fileQuestionView(facts({ conversion: conversion("NOT_ANSWERED") }))).toEqual({ state: "empty" });
  });

  it("waits on the device while offline or between retries, and says so", () => {
    const offline = fileQuestionView(facts({ queued: upload, online: false }));
    expect(offline).toEqual({ state: "waiting", file: { name: "statement.docx", size: 250_880 } });
    expect(statusText(offline, false)).toBe(
      "Waiting to upload: it is saved on this device and will upload when you're back online.",
    );
    const retrying = fileQuestionView(facts({ queued: { ...upload, attempts: 2 } }));
    expect(retrying.state).toBe("waiting");
    expect(statusText(retrying, true)).toMatch(/^Waiting to upload: we couldn't reach the server/);
  });

  it("shows the bytes sent while this tab uploads, and 'Uploading…' before the first", () => {
    expect(fileQuestionView(facts({ queued: upload }))).toMatchObject({ state: "uploading", sent: null });
    expect(
      fileQuestionView(facts({ queued: upload, progress: { sent: 1000, total: 250_880 } })),
    ).toMatchObject({
      state: "uploading",
      sent: 1000,
    });
  });

  it("keeps saying the wait while a retry sends its bytes, so each try is not 'Uploading…' again", () => {
    const first = fileQuestionView(facts({ queued: upload, progress: { sent: 10, total: 250_880 } }));
    expect(statusText(first, true)).toBe("Uploading…");
    const retry = fileQuestionView(
      facts({ queued: { ...upload, attempts: 1 }, progress: { sent: 10, total: 250_880 } }),
    );
    expect(retry).toMatchObject({ state: "uploading", sent: 10, retry: "connection" });
    const waiting = fileQuestionView(facts({ queued: { ...upload, attempts: 1 } }));
    expect(statusText(retry, true)).toBe(statusText(waiting, true));
    const busyRetry = fileQuestionView(
      facts({
        queued: { ...upload, attempts: 1, waitingFor: "server" },
        progress: { sent: 10, total: 250_880 },
      }),
    );
    expect(statusText(busyRetry, true)).toBe(
      "Waiting to upload: the server is busy; it will upload in a moment.",
    );
  });

  it("shows a failed conversion of a file the device still holds as failed, never empty on the way", () => {
    const recorded: QueuedUpload = { ...upload, recorded: true };
    expect(
      fileQuestionView(
        facts({ queued: recorded, conversion: { ...conversion("FAILED"), message: "Bad file." } }),
      ),
    ).toEqual({ state: "failed", file: { name: "statement.docx", size: 250_880 }, message: "Bad file." });
  });

  it("is converting while the server converts, or while its answer is not yet ANSWERED", () => {
    expect(fileQuestionView(facts({ document, conversion: conversion("UNPROCESSED") })).state).toBe(
      "converting",
    );
    expect(fileQuestionView(facts({ document, conversion: conversion("IN_PROGRESS") })).state).toBe(
      "converting",
    );
    expect(fileQuestionView(facts({ document })).state).toBe("converting");
    expect(statusText(fileQuestionView(facts({ document })), true)).toBe("Converting…");
  });

  it("shows the name and the size rounded, with View once converted", () => {
    const ready = fileQuestionView(
      facts({ document, conversion: conversion("COMPLETED", "/files/view?token=x") }),
    );
    expect(ready).toEqual({
      state: "ready",
      file: { name: "statement.docx", size: 250_880 },
      viewable: true,
    });
    expect(statusText(ready, true)).toBe("Uploaded: statement.docx (245kB)");
    // Before this tab has asked, the answer the server wrote says the conversion completed.
    expect(fileQuestionView(facts({ document, answer: "ANSWERED" }))).toMatchObject({
      state: "ready",
      viewable: true,
    });
  });

  it("is empty once the conversion failed (the server removed the file) or a deletion waits", () => {
    expect(fileQuestionView(facts({ document, conversion: conversion("FAILED") }))).toEqual({
      state: "empty",
    });
    expect(
      fileQuestionView(
        facts({
          document,
          queued: { owner, key: "resume_file", token: "d", queuedAt: 2, attempts: 0, op: "delete" },
        }),
      ),
    ).toEqual({ state: "empty" });
  });

  it("shows a newly chosen file over the document it replaces", () => {
    expect(
      fileQuestionView(facts({ document, answer: "ANSWERED", queued: upload, online: false })).state,
    ).toBe("waiting");
  });

  it("shows a failed upload held on the device with its reason, to try again", () => {
    const failed = fileQuestionView(facts({ queued: { ...upload, held: "We couldn't convert it." } }));
    expect(failed).toEqual({
      state: "failed",
      file: { name: "statement.docx", size: 250_880 },
      message: "We couldn't convert it.",
    });
    expect(statusText(failed, true)).toBe("Problem with your file: We couldn't convert it.");
  });

  it("lets the server's document and conversion speak for a recorded file kept on the device", () => {
    const recorded = { ...upload, recorded: true };
    expect(
      fileQuestionView(facts({ queued: recorded, document, conversion: conversion("IN_PROGRESS") })),
    ).toEqual({
      state: "converting",
      file: { name: "statement.docx", size: 250_880 },
    });
  });

  it("tells a busy server from an unreachable one while a file waits", () => {
    const busy = fileQuestionView(facts({ queued: { ...upload, attempts: 1, waitingFor: "server" } }));
    expect(busy).toEqual({ state: "waiting", file: { name: "statement.docx", size: 250_880 }, busy: true });
    expect(statusText(busy, true)).toBe("Waiting to upload: the server is busy; it will upload in a moment.");
    const unreachable = fileQuestionView(
      facts({ queued: { ...upload, attempts: 1, waitingFor: "connection" } }),
    );
    expect(statusText(unreachable, true)).toBe(
      "Waiting to upload: we couldn't reach the server and will keep trying.",
    );
  });
});
