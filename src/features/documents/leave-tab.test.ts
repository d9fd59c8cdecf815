import { beforeEach, describe, expect, it } from "vitest";
import { personalStatementSection } from "../../form/pages/documents";
import { ApiError } from "../../lib/api-client";
import type { DocumentConversionState } from "../../shared/api-types";
import { UNAUTHORIZED_MESSAGE } from "../../shared/messages";
import type { LocalDb } from "../answers/local-db";
import { testDb } from "../answers/test-db";
import { replaceServerDocuments } from "./document-cache";
import {
  checkLeaveTab,
  deleteTabFiles,
  fileKeysOfTab,
  type LeaveTabContext,
  releaseTabFiles,
  undoTabFiles,
} from "./leave-tab";
import { finishChange, queuedChanges, queueUpload } from "./upload-queue";

const owner = "ada@example.edu";
const KEY = "personal_statement_file";
let db: LocalDb;

beforeEach(() => {
  db = testDb();
});

type Server = DocumentConversionState["status"] | Error;

function context(
  server: Server,
  known?: DocumentConversionState["status"],
  answer = "",
): LeaveTabContext & {
  forgotten: string[];
} {
  const forgotten: string[] = [];
  return {
    db,
    owner,
    forgotten,
    isSending: () => false,
    askConversion: async () => {
      if (server instanceof Error) throw server;
      return { status: server, message: "", url: null };
    },
    knownStatus: () => known,
    answer: () => answer,
    forget: (key) => forgotten.push(key),
  };
}

const document = { [KEY]: { file_name: "statement.docx", file_size: 20_000 } };

/** Checks the tab and, when it may be left, deletes its files at once (as after "Delete and switch"). */
async function leaveTab(ctx: LeaveTabContext, section: typeof personalStatementSection, from: string) {
  const checked = await checkLeaveTab(ctx, section, from);
  if (checked.busy) return "busy";
  const held = await deleteTabFiles(
    ctx,
    checked.files.map((file) => file.key),
    0,
  );
  await releaseTabFiles(db, owner, held);
  return "allowed";
}
const bytes = new TextEncoder().encode("PK statement").buffer as ArrayBuffer;

describe("leaving a tab with a file (spec §4)", () => {
  it("knows which questions of a tab are files", () => {
    expect(fileKeysOfTab(personalStatementSection, "upload")).toEqual([KEY]);
    expect(fileKeysOfTab(personalStatementSection, "write")).toEqual([]);
  });

  it("is refused while the file is still to be uploaded, or being sent", async () => {
    await queueUpload(db, owner, KEY, { name: "statement.docx", type: "", size: 12, bytes });
    expect(await leaveTab(context("NOT_ANSWERED"), personalStatementSection, "upload")).toBe("busy");
    await db.uploads.clear();
    const sending = { ...context("NOT_ANSWERED"), isSending: (key: string) => key === KEY };
    expect(await leaveTab(sending, personalStatementSection, "upload")).toBe("busy");
  });

  it("is refused while the server converts it (UNPROCESSED or IN_PROGRESS)", async () => {
    await replaceServerDocuments(db, owner, document);
    for (const status of ["UNPROCESSED", "IN_PROGRESS"] as const) {
      expect(await leaveTab(context(status), personalStatementSection, "upload")).toBe("busy");
    }
    expect(await queuedChanges(db, owner)).toEqual([]);
  });

  it("deletes a converted file (queued on the device) and lets the applicant go", async () => {
    await replaceServerDocuments(db, owner, document);
    const ctx = context("COMPLETED", undefined, "ANSWERED");
    expect(await leaveTab(ctx, personalStatementSection, "upload")).toBe("allowed");
    expect(await queuedChanges(db, owner)).toEqual([expect.objectContaining({ key: KEY, op: "delete" })]);
    expect(ctx.forgotten).toEqual([KEY]);
  });

  it("deletes a failed conversion the server still reports, even without a document", async () => {
    expect(await leaveTab(context("FAILED"), personalStatementSection, "upload")).toBe("allowed");
    expect(await queuedChanges(db, owner)).toEqual([expect.objectContaining({ op: "delete" })]);
  });

  it("deletes nothing when the tab holds no file", async () => {
    expect(await leaveTab(context("NOT_ANSWERED"), personalStatementSection, "upload")).toBe("allowed");
    expect(await queuedChanges(db, owner)).toEqual([]);
  });

  it("offline, decides by the status this tab last knew", async () => {
    await replaceServerDocuments(db, owner, document);
    const offline = new ApiError("network", "offline");
    expect(await leaveTab(context(offline, "IN_PROGRESS"), personalStatementSection, "upload")).toBe("busy");
    expect(await leaveTab(context(offline, "COMPLETED"), personalStatementSection, "upload")).toBe("allowed");
    expect(await queuedChanges(db, owner)).toEqual([expect.objectContaining({ op: "delete" })]);
  });

  it("fails (the page keeps the tab and says so) when the server refuses the check", async () => {
    await replaceServerDocuments(db, owner, document);
    const ended = new ApiError("unauthorized", UNAUTHORIZED_MESSAGE, 401);
    await expect(leaveTab(context(ended), personalStatementSection, "upload")).rejects.toThrow(
      UNAUTHORIZED_MESSAGE,
    );
    expect(await queuedChanges(db, owner)).toEqual([]);
  });

  it("says the server's problem when the check meets one (the page shows it and keeps the tab)", async () => {
    await replaceServerDocuments(db, owner, document);
    const broke = new ApiError("server", "Conversions are down.", 500, { message: "Conversions are down." });
    await expect(leaveTab(context(broke, "COMPLETED"), personalStatementSection, "upload")).rejects.toThrow(
      "Conversions are down.",
    );
    expect(await queuedChanges(db, owner)).toEqual([]);
  });

  it("is not held back by the copy of a file the server has recorded (kept only to try again)", async () => {
    await replaceServerDocuments(db, owner, document);
    const entry = await queueUpload(db, owner, KEY, { name: "statement.docx", type: "", size: 12, bytes });
    await finishChange(db, entry, document[KEY]);
    expect(await leaveTab(context("COMPLETED"), personalStatementSection, "upload")).toBe("allowed");
    expect(await queuedChanges(db, owner)).toEqual([expect.objectContaining({ op: "delete" })]);
  });

  it("names the files leaving would delete, and changes nothing until asked to", async () => {
    await replaceServerDocuments(db, owner, document);
    expect(await checkLeaveTab(context("COMPLETED"), personalStatementSection, "upload")).toEqual({
      busy: false,
      files: [{ key: KEY, name: "statement.docx" }],
    });
    expect(await queuedChanges(db, owner)).toEqual([]);
  });

  it("holds the deletion on the device until it can no longer be undone, and undoing puts the file back", async () => {
    await replaceServerDocuments(db, owner, document);
    const ctx = context("COMPLETED", undefined, "ANSWERED");
    const later = Date.now() + 60_000;
    const held = await deleteTabFiles(ctx, [KEY], later);
    expect(await queuedChanges(db, owner)).toEqual([
      expect.objectContaining({ key: KEY, op: "delete", notBefore: later }),
    ]);
    expect(await undoTabFiles(db, owner, held)).toEqual([KEY]);
    expect(await db.uploads.toArray()).toEqual([]);

    // A file held after a failure comes back with its bytes.
    const entry = await queueUpload(db, owner, KEY, { name: "statement.docx", type: "", size: 12, bytes });
    await db.uploads.put({ ...entry, held: "It could not be converted." });
    const again = await deleteTabFiles(ctx, [KEY], later);
    expect(await undoTabFiles(db, owner, again)).toEqual([KEY]);
    expect(await db.uploads.get([owner, KEY])).toMatchObject({
      op: "upload",
      held: "It could not be converted.",
    });
  });

  it("sends the deletion once the undo ends; an undo after that brings nothing back", async () => {
    await replaceServerDocuments(db, owner, document);
    const held = await deleteTabFiles(context("COMPLETED"), [KEY], Date.now() + 60_000);
    await releaseTabFiles(db, owner, held);
    const [queued] = await queuedChanges(db, owner);
    expect(queued).toMatchObject({ op: "delete" });
    expect(queued && "notBefore" in queued).toBe(false);
    await db.uploads.clear(); // sent
    expect(await undoTabFiles(db, owner, held)).toEqual([]);
  });
});
