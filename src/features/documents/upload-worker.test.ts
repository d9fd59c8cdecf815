import { beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import type { DocumentAccepted, PresignedUpload } from "../../shared/api-types";
import { FILE_NAME_CHARACTERS_MESSAGE, UPLOAD_MISSING_MESSAGE } from "../../shared/document-rules";
import { SUBMITTED_READ_ONLY_MESSAGE, UNAUTHORIZED_MESSAGE } from "../../shared/messages";
import type { LocalDb } from "../answers/local-db";
import { testDb } from "../answers/test-db";
import type { StoreOutcome } from "./api/store-upload";
import { replaceServerDocuments } from "./document-cache";
import {
  conversionEnded,
  dropHeld,
  markStored,
  queueDeletion,
  queuedChanges,
  queueUpload,
  retryHeld,
} from "./upload-queue";
import { STORE_UNREACHABLE_MESSAGE, type UploadTransport, UploadWorker } from "./upload-worker";

const owner = "ada@example.edu";
let db: LocalDb;

beforeEach(() => {
  db = testDb();
});

type Step = "presign" | "store" | "record" | "remove" | "removeConversion";

/**
 * Stands in for the network and the server's document calls: a store that keeps what is posted
 * under the presigned key, documents recorded only for keys the store holds (else 404, as the
 * server answers), and failures scripted per step.
 */
class FakeServer implements UploadTransport {
  readonly calls: string[] = [];
  readonly stored = new Map<string, string>();
  readonly documents = new Map<string, { fileKey: string; name: string }>();
  readonly failures: Partial<Record<Step, (Error | StoreOutcome)[]>> = {};
  onStore: (() => Promise<void>) | undefined;
  private n = 0;

  private failure(step: Step): Error | StoreOutcome | undefined {
    return this.failures[step]?.shift();
  }

  async presign(key: string): Promise<PresignedUpload> {
    this.calls.push(`presign ${key}`);
    const failure = this.failure("presign");
    if (failure instanceof Error) throw failure;
    return { url: "/files/upload", fields: { key: `applicants/1/uploads/${key}/${++this.n}`, Policy: "p" } };
  }

  async store(
    upload: PresignedUpload,
    file: Blob,
    fileName: string,
    options: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal },
  ): Promise<StoreOutcome> {
    this.calls.push(`store ${fileName}`);
    await this.onStore?.();
    options.signal?.throwIfAborted();
    const failure = this.failure("store");
    if (failure instanceof Error) throw failure;
    if (failure) return failure;
    options.onProgress?.(Math.floor(file.size / 2), file.size);
    options.onProgress?.(file.size, file.size);
    this.stored.set(upload.fields.key ?? "", await file.text());
    return { kind: "stored" };
  }

  async record(key: string, fileKey: string, fileName: string): Promise<DocumentAccepted> {
    this.calls.push(`record ${key} ${fileName}`);
    const failure = this.failure("record");
    if (failure instanceof Error) throw failure;
    const content = this.stored.get(fileKey);
    if (content === undefined) throw refusal(404, UPLOAD_MISSING_MESSAGE);
    this.documents.set(key, { fileKey, name: fileName });
    return { message: "queued", status: "UNPROCESSED", file_name: fileName, file_size: content.length };
  }

  async remove(key: string): Promise<unknown> {
    this.calls.push(`remove ${key}`);
    const failure = this.failure("remove");
    if (failure instanceof Error) throw failure;
    this.documents.delete(key);
    return { message: "deleted" };
  }

  async removeConversion(key: string): Promise<unknown> {
    this.calls.push(`remove conversion ${key}`);
    const failure = this.failure("removeConversion");
    if (failure instanceof Error) throw failure;
    return { message: "deleted" };
  }
}

/** Every entry the device keeps for the owner, sent or not (queuedChanges lists what is to send). */
const kept = (key: string) => db.uploads.get([owner, key]);

const refusal = (status: number, message: string) => new ApiError("server", message, status, { message });
const offline = () => new ApiError("network", "offline");

function keptFile(name: string, text: string) {
  const bytes = new TextEncoder().encode(text);
  return { name, type: "application/pdf", size: bytes.length, bytes: bytes.buffer as ArrayBuffer };
}

function worker(server: FakeServer, events: ConstructorParameters<typeof UploadWorker>[3] = {}) {
  return new UploadWorker(db, owner, server, events, { baseDelayMs: 5, maxDelayMs: 20, random: () => 0.5 });
}

describe("the upload worker", () => {
  it("presigns, posts the file and records it; the queue empties and the device knows the document", async () => {
    const server = new FakeServer();
    const progress: string[] = [];
    const recorded: string[] = [];
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    const uploads = worker(server, {
      progress: (key, sent, total) => progress.push(`${key} ${sent}/${total}`),
      recorded: (key, accepted) => recorded.push(`${key} ${accepted.status}`),
    });
    await uploads.flushNow();
    expect(server.calls).toEqual([
      "presign resume_file",
      "store resume.pdf",
      "record resume_file resume.pdf",
    ]);
    expect([...server.stored.values()]).toEqual(["%PDF resume"]);
    expect(progress).toEqual(["resume_file 0/11", "resume_file 5/11", "resume_file 11/11"]);
    expect(recorded).toEqual(["resume_file UNPROCESSED"]);
    expect(await queuedChanges(db, owner)).toEqual([]);
    expect(await db.documents.get([owner, "resume_file"])).toMatchObject({
      file_name: "resume.pdf",
      file_size: 11,
    });
  });

  it("keeps a file chosen offline and sends it by itself when the network returns", async () => {
    const server = new FakeServer();
    server.failures.presign = [offline(), offline()];
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    const uploads = worker(server);
    await uploads.flushNow();
    expect(await queuedChanges(db, owner)).toEqual([expect.objectContaining({ attempts: 1 })]);
    expect(server.documents.size).toBe(0);
    // The backoff tries again (the second try fails too), then the third goes through.
    await expect.poll(() => server.documents.get("resume_file")?.name).toBe("resume.pdf");
    await expect.poll(() => queuedChanges(db, owner)).toEqual([]);
    uploads.stop();
    expect(server.calls.filter((call) => call.startsWith("presign"))).toHaveLength(3);
  });

  it("tries again later when the device's own store fails under it, and never rejects", async () => {
    const server = new FakeServer();
    server.failures.presign = [offline()];
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    // Noting the offline try fails: the device is full for a moment.
    const put = db.uploads.put.bind(db.uploads);
    let full = true;
    db.uploads.put = ((...args: Parameters<typeof put>) => {
      if (full) {
        full = false;
        return Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
      }
      return put(...args);
    }) as typeof db.uploads.put;
    const uploads = worker(server);
    await expect(uploads.flushNow()).resolves.toBeUndefined();
    await expect.poll(() => server.documents.get("resume_file")?.name).toBe("resume.pdf");
    uploads.stop();
  });

  it("retries a busy server when recording, after its Retry-After, without posting the file again", async () => {
    const server = new FakeServer();
    server.failures.record = [new ApiError("server", "busy", 503, { message: "busy" }, 5)];
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    const uploads = worker(server);
    await uploads.flushNow();
    expect(await queuedChanges(db, owner)).toEqual([
      expect.objectContaining({ fileKey: "applicants/1/uploads/resume_file/1", attempts: 1 }),
    ]);
    await expect.poll(() => queuedChanges(db, owner)).toEqual([]);
    uploads.stop();
    expect(server.calls).toEqual([
      "presign resume_file",
      "store resume.pdf",
      "record resume_file resume.pdf",
      "record resume_file resume.pdf",
    ]);
  });

  it("resumes after a reload where it stopped: a file already in the store is only recorded", async () => {
    const server = new FakeServer();
    const entry = await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    server.stored.set("applicants/1/uploads/resume_file/earlier", "%PDF resume");
    await markStored(db, entry, "applicants/1/uploads/resume_file/earlier");
    await worker(server).flushNow();
    expect(server.calls).toEqual(["record resume_file resume.pdf"]);
    expect(server.documents.get("resume_file")?.fileKey).toBe("applicants/1/uploads/resume_file/earlier");
  });

  it("asks for a fresh policy when the store refuses one (it expired while the file waited)", async () => {
    const server = new FakeServer();
    server.failures.store = [{ kind: "refused", message: "Policy expired." }];
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    await worker(server).flushNow();
    expect(server.calls).toEqual([
      "presign resume_file",
      "store resume.pdf",
      "presign resume_file",
      "store resume.pdf",
      "record resume_file resume.pdf",
    ]);
    expect(server.documents.get("resume_file")?.fileKey).toBe("applicants/1/uploads/resume_file/2");
  });

  it("holds a file the store refuses twice on the device, not sent again, and says why", async () => {
    const server = new FakeServer();
    server.failures.store = [
      { kind: "refused", message: "Your file is too large. The maximum file size is 1 MB." },
      { kind: "refused", message: "Your file is too large. The maximum file size is 1 MB." },
    ];
    const failed: string[] = [];
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    await worker(server, { failed: (key, failure) => failed.push(`${key}: ${failure.message}`) }).flushNow();
    expect(failed).toEqual(["resume_file: Your file is too large. The maximum file size is 1 MB."]);
    expect(await queuedChanges(db, owner)).toEqual([]);
    expect(await kept("resume_file")).toMatchObject({
      held: "Your file is too large. The maximum file size is 1 MB.",
    });
    expect(server.calls.some((call) => call.startsWith("record"))).toBe(false);
  });

  it("uploads again when the server cannot find the stored file, and gives up after three times", async () => {
    // An opaque (no-cors) post that never arrived: the server says so when the file is recorded.
    class LosingStore extends FakeServer {
      constructor(private losses: number) {
        super();
      }
      override async store(...args: Parameters<FakeServer["store"]>): Promise<StoreOutcome> {
        const outcome = await super.store(...args);
        if (this.losses-- > 0) this.stored.clear();
        return { kind: outcome.kind === "stored" ? "unknown" : outcome.kind } as StoreOutcome;
      }
    }
    const server = new LosingStore(1);
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    await worker(server).flushNow();
    expect(server.calls).toEqual([
      "presign resume_file",
      "store resume.pdf",
      "record resume_file resume.pdf",
      "presign resume_file",
      "store resume.pdf",
      "record resume_file resume.pdf",
    ]);
    expect(server.documents.get("resume_file")?.name).toBe("resume.pdf");

    const lost = new LosingStore(Number.POSITIVE_INFINITY);
    const failed: string[] = [];
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    await worker(lost, { failed: (_key, failure) => failed.push(failure.message) }).flushNow();
    expect(lost.calls.filter((call) => call.startsWith("record"))).toHaveLength(3);
    expect(failed).toEqual([UPLOAD_MISSING_MESSAGE]);
    expect(await queuedChanges(db, owner)).toEqual([]);
  });

  it("holds a file the server refuses or has a problem with, and goes on with the next (independent by field)", async () => {
    const server = new FakeServer();
    server.failures.presign = [new ApiError("server", "Presign broke.", 500, { message: "Presign broke." })];
    server.failures.record = [
      refusal(400, FILE_NAME_CHARACTERS_MESSAGE),
      refusal(409, SUBMITTED_READ_ONLY_MESSAGE),
    ];
    const failed: string[] = [];
    await queueUpload(db, owner, "personal_statement_file", keptFile("statement.pdf", "%PDF statement"));
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    await queueUpload(db, owner, "college_transcript", keptFile("transcript.pdf", "%PDF transcript"));
    await queueUpload(db, owner, "english_test_report", keptFile("toefl.pdf", "%PDF toefl"));
    await worker(server, {
      failed: (key, failure) => failed.push(`${key}: ${failure.class}: ${failure.message}`),
    }).flushNow();
    expect(failed).toEqual([
      "personal_statement_file: server-problem: Presign broke.",
      `resume_file: refused: ${FILE_NAME_CHARACTERS_MESSAGE}`,
      `college_transcript: refused: ${SUBMITTED_READ_ONLY_MESSAGE}`,
    ]);
    expect([...server.documents.keys()]).toEqual(["english_test_report"]);
    expect(await queuedChanges(db, owner)).toEqual([]);
    // Held on the device, each with its reason, to try again.
    expect(
      (await kept("personal_statement_file"))?.op === "upload" && (await kept("personal_statement_file")),
    ).toMatchObject({
      held: "Presign broke.",
    });
    expect(server.calls.filter((call) => call.startsWith("presign personal_statement_file"))).toHaveLength(1);
  });

  it("sends a held file again when the applicant tries again", async () => {
    const server = new FakeServer();
    server.failures.record = [new ApiError("server", "Broken.", 500, { message: "Broken." })];
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    const uploads = worker(server);
    await uploads.flushNow();
    expect(await kept("resume_file")).toMatchObject({ held: "Broken." });
    expect(await retryHeld(db, owner, "resume_file")).toBe(true);
    await uploads.flushNow();
    expect(server.documents.get("resume_file")?.name).toBe("resume.pdf");
    // Kept (recorded) until its conversion ends, then gone.
    expect(await kept("resume_file")).toMatchObject({ recorded: true });
    expect(await conversionEnded(db, owner, "resume_file", { completed: true })).toBe(true);
    expect(await kept("resume_file")).toBeUndefined();
  });

  it("keeps a file whose conversion failed, to try again with it", async () => {
    const server = new FakeServer();
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    await worker(server).flushNow();
    expect(await conversionEnded(db, owner, "resume_file", { failed: "Could not convert." })).toBe(true);
    expect(await kept("resume_file")).toMatchObject({ held: "Could not convert.", recorded: false });
    expect(await dropHeld(db, owner, "resume_file")).toBe(true);
    expect(await kept("resume_file")).toBeUndefined();
  });

  it("takes the store to be the problem after three posts got no answer and sent nothing, while the server answered", async () => {
    const server = new FakeServer();
    server.failures.store = [offline(), offline(), offline()];
    const failed: string[] = [];
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    const uploads = worker(server, { failed: (_key, failure) => failed.push(failure.message) });
    await uploads.flushNow();
    await expect.poll(() => failed).toEqual([STORE_UNREACHABLE_MESSAGE]);
    uploads.stop();
    expect(server.calls.filter((call) => call.startsWith("store"))).toHaveLength(3);
    expect(await kept("resume_file")).toMatchObject({ held: STORE_UNREACHABLE_MESSAGE });
  });

  it("retries by itself, for as long as it takes, a post cut after some bytes or a server it cannot reach", async () => {
    const server = new FakeServer();
    // The server unreachable twice, and four posts cut in the middle: never the store's fault.
    server.failures.presign = [offline(), offline()];
    const post = server.store.bind(server);
    let cuts = 4;
    server.store = async (upload, file, name, options) => {
      if (cuts-- > 0) {
        options.onProgress?.(1, file.size);
        throw offline();
      }
      return post(upload, file, name, options);
    };
    const failed: string[] = [];
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    const uploads = worker(server, { failed: (_key, failure) => failed.push(failure.message) });
    await uploads.flushNow();
    await expect.poll(() => server.documents.get("resume_file")?.name).toBe("resume.pdf");
    uploads.stop();
    expect(failed).toEqual([]);
    expect(server.calls.filter((call) => call.startsWith("store"))).toHaveLength(1);
  });

  it("stops when the session ended and keeps the file for the same user's next sign-in", async () => {
    const server = new FakeServer();
    server.failures.presign = [new ApiError("unauthorized", UNAUTHORIZED_MESSAGE, 401)];
    let signedOut = 0;
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    const uploads = worker(server, { signedOut: () => signedOut++ });
    await uploads.flushNow();
    expect(signedOut).toBe(1);
    expect(await queuedChanges(db, owner)).toEqual([
      expect.objectContaining({ key: "resume_file", attempts: 0 }),
    ]);
    await worker(server).flushNow();
    expect(server.documents.get("resume_file")?.name).toBe("resume.pdf");
  });

  it("never records a file the applicant replaced while it was being posted: the newer one wins", async () => {
    const server = new FakeServer();
    await queueUpload(db, owner, "resume_file", keptFile("first.pdf", "%PDF first"));
    server.onStore = async () => {
      server.onStore = undefined;
      await queueUpload(db, owner, "resume_file", keptFile("second.pdf", "%PDF second"));
    };
    await worker(server).flushNow();
    expect(server.calls.filter((call) => call.startsWith("record"))).toEqual([
      "record resume_file second.pdf",
    ]);
    expect(server.documents.get("resume_file")?.name).toBe("second.pdf");
    expect(await queuedChanges(db, owner)).toEqual([]);
  });

  it("stops posting a file the applicant deleted in this tab", async () => {
    const server = new FakeServer();
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    const uploads = worker(server);
    server.onStore = async () => {
      await queueDeletion(db, owner, "resume_file");
      uploads.abort("resume_file");
    };
    await uploads.flushNow();
    expect(server.calls).toEqual(["presign resume_file", "store resume.pdf"]);
    expect(server.stored.size).toBe(0);
    expect(await queuedChanges(db, owner)).toEqual([]);
  });

  it("holds a deletion that can still be undone until its time, sending the other changes meanwhile", async () => {
    const server = new FakeServer();
    await replaceServerDocuments(db, owner, {
      personal_statement_file: { file_name: "statement.pdf", file_size: 11 },
    });
    await queueDeletion(db, owner, "personal_statement_file", { notBefore: Date.now() + 150 });
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    const uploads = worker(server);
    uploads.start();
    try {
      await uploads.flushNow();
      expect(server.calls).toEqual([
        "presign resume_file",
        "store resume.pdf",
        "record resume_file resume.pdf",
      ]);
      // Its time come, the worker sends it by itself.
      await expect
        .poll(() => server.calls.slice(3), { timeout: 5_000 })
        .toEqual(["remove personal_statement_file", "remove conversion personal_statement_file"]);
    } finally {
      uploads.stop();
    }
  });

  it("waits for the next trigger when deleting meets a server problem, and tells the page", async () => {
    const server = new FakeServer();
    server.documents.set("resume_file", { fileKey: "k", name: "resume.pdf" });
    server.failures.remove = [new ApiError("server", "Broken.", 500, { message: "Broken." })];
    await replaceServerDocuments(db, owner, { resume_file: { file_name: "resume.pdf", file_size: 11 } });
    await queueDeletion(db, owner, "resume_file");
    const failed: string[] = [];
    const uploads = worker(server, {
      failed: (key, failure, op) => failed.push(`${op} ${key}: ${failure.message}`),
    });
    await uploads.flushNow();
    expect(failed).toEqual(["delete resume_file: Broken."]);
    expect(server.calls).toEqual(["remove resume_file"]);
    // The applicant's next action is a trigger: then it goes through, conversion and all.
    await uploads.flushNow();
    expect(server.calls).toEqual([
      "remove resume_file",
      "remove resume_file",
      "remove conversion resume_file",
    ]);
    expect(server.documents.size).toBe(0);
  });

  it("deletes the server's document when asked, and the device forgets it", async () => {
    const server = new FakeServer();
    server.documents.set("resume_file", { fileKey: "k", name: "resume.pdf" });
    server.failures.remove = [offline()];
    await replaceServerDocuments(db, owner, { resume_file: { file_name: "resume.pdf", file_size: 11 } });
    await queueDeletion(db, owner, "resume_file");
    const deleted: string[] = [];
    const uploads = worker(server, { deleted: (key) => deleted.push(key) });
    await uploads.flushNow();
    expect(await db.documents.get([owner, "resume_file"])).toBeDefined();
    await expect.poll(() => deleted).toEqual(["resume_file"]);
    uploads.stop();
    expect(server.documents.size).toBe(0);
    expect(await db.documents.get([owner, "resume_file"])).toBeUndefined();
    expect(await queuedChanges(db, owner)).toEqual([]);
  });

  it("sends a file queued while it runs (the queue is watched), one tab at a time", async () => {
    const server = new FakeServer();
    const uploads = worker(server);
    uploads.start();
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF resume"));
    await expect.poll(() => server.documents.get("resume_file")?.name).toBe("resume.pdf");
    uploads.stop();
  });
});
