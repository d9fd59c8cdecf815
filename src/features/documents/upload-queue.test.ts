import { beforeEach, describe, expect, it } from "vitest";
import { LocalDb } from "../answers/local-db";
import { testDb } from "../answers/test-db";
import { replaceServerDocuments } from "./document-cache";
import {
  finishChange,
  markMissing,
  markStored,
  noteFailure,
  queueDeletion,
  queuedChanges,
  queueUpload,
  waitingUploadCount,
} from "./upload-queue";

const owner = "ada@example.edu";
let db: LocalDb;

beforeEach(() => {
  db = testDb();
});

function keptFile(name = "statement.pdf", text = "%PDF-1.4 statement") {
  const bytes = new TextEncoder().encode(text);
  return { name, type: "application/pdf", size: bytes.length, bytes: bytes.buffer as ArrayBuffer };
}

describe("the upload queue", () => {
  it("keeps a chosen file's bytes on the device, where a new page finds them", async () => {
    await queueUpload(db, owner, "resume_file", keptFile("resume.pdf", "%PDF my résumé"));
    const reopened = new LocalDb(db.name);
    const [entry] = await queuedChanges(reopened, owner);
    reopened.close();
    expect(entry).toMatchObject({ owner, key: "resume_file", op: "upload", attempts: 0 });
    if (entry?.op !== "upload") throw new Error("expected an upload");
    expect(new TextDecoder().decode(entry.file.bytes)).toBe("%PDF my résumé");
    expect(entry.file).toMatchObject({ name: "resume.pdf", type: "application/pdf", size: 16 }); // é is two bytes
  });

  it("holds one change per question: a newer file replaces the waiting one", async () => {
    const first = await queueUpload(db, owner, "resume_file", keptFile("old.pdf"));
    const second = await queueUpload(db, owner, "resume_file", keptFile("new.pdf"));
    await queueUpload(db, owner, "college_transcript", keptFile("transcript.pdf"));
    expect(second.token).not.toBe(first.token);
    const entries = await queuedChanges(db, owner);
    // Oldest first, in the order the applicant chose them.
    expect(entries.map((entry) => entry.key)).toEqual(["resume_file", "college_transcript"]);
    expect(entries[0]).toMatchObject({ file: { name: "new.pdf" } });
    expect(await waitingUploadCount(db, owner)).toBe(2);
  });

  it("is kept per owner: another user's files are neither listed nor counted", async () => {
    await queueUpload(db, "grace@example.edu", "resume_file", keptFile());
    expect(await queuedChanges(db, owner)).toEqual([]);
    expect(await waitingUploadCount(db, owner)).toBe(0);
  });

  it("cancels a file that is only waiting when the applicant deletes it", async () => {
    await queueUpload(db, owner, "resume_file", keptFile());
    expect(await queueDeletion(db, owner, "resume_file")).toBe("cancelled");
    expect(await queuedChanges(db, owner)).toEqual([]);
  });

  it("queues the deletion of a document the server holds, replacing a file waiting to replace it", async () => {
    await replaceServerDocuments(db, owner, { resume_file: { file_name: "resume.pdf", file_size: 2048 } });
    await queueUpload(db, owner, "resume_file", keptFile("newer.pdf"));
    expect(await queueDeletion(db, owner, "resume_file")).toBe("queued");
    expect(await queuedChanges(db, owner)).toEqual([
      expect.objectContaining({ key: "resume_file", op: "delete" }),
    ]);
    expect(await waitingUploadCount(db, owner)).toBe(0);
  });

  it("writes a finished step only to the version of the entry it started from", async () => {
    const first = await queueUpload(db, owner, "resume_file", keptFile("old.pdf"));
    expect(await markStored(db, first, "applicants/1/uploads/resume_file/a")).toBe(true);
    await noteFailure(db, first);
    const stored = (await queuedChanges(db, owner))[0];
    expect(stored).toMatchObject({ fileKey: "applicants/1/uploads/resume_file/a", attempts: 1 });

    await queueUpload(db, owner, "resume_file", keptFile("new.pdf"));
    expect(await markStored(db, first, "applicants/1/uploads/resume_file/b")).toBe(false);
    expect(await markMissing(db, first)).toBe(false);
    expect(await noteFailure(db, first)).toBe(false);
    expect(await finishChange(db, first, { file_name: "old.pdf", file_size: 18 })).toBe(false);
    expect(await queuedChanges(db, owner)).toEqual([
      expect.objectContaining({ file: expect.objectContaining({ name: "new.pdf" }), attempts: 0 }),
    ]);
    expect(await queuedChanges(db, owner)).not.toContainEqual(
      expect.objectContaining({ fileKey: expect.anything() }),
    );
  });

  it("records the server's document when a change is finished, and forgets it when a deletion is", async () => {
    const upload = await queueUpload(db, owner, "resume_file", keptFile());
    expect(await finishChange(db, upload, { file_name: "statement.pdf", file_size: 18 })).toBe(true);
    expect(await queuedChanges(db, owner)).toEqual([]);
    expect(await db.documents.get([owner, "resume_file"])).toMatchObject({
      file_name: "statement.pdf",
      file_size: 18,
    });

    await queueDeletion(db, owner, "resume_file");
    const [deletion] = await queuedChanges(db, owner);
    if (!deletion) throw new Error("expected a deletion");
    expect(await finishChange(db, deletion, null)).toBe(true);
    expect(await db.documents.get([owner, "resume_file"])).toBeUndefined();
  });
});
