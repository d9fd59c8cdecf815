import { beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import type { LocalDb } from "./local-db";
import { pendingCount, recordAction, recordAnswer } from "./sync-queue";
import { getSyncStatus } from "./sync-status";
import { retryDelay, SyncWorker } from "./sync-worker";
import { testDb } from "./test-db";

const owner = "ada@example.edu";
let db: LocalDb;

beforeEach(() => {
  db = testDb();
});

const edit = (key: string, value: string) =>
  recordAnswer(db, { owner, key, value, editedAt: Date.now() }, true);

describe("the sync worker", () => {
  it("sends queued changes and empties the queue once the server confirms", async () => {
    const sent: Record<string, string>[] = [];
    await edit("first_name", "Ada");
    await edit("last_name", "Lovelace");
    const worker = new SyncWorker(db, owner, async (batch) => {
      sent.push(batch.answers);
    });
    await worker.flushNow();
    worker.stop();
    expect(sent).toEqual([{ first_name: "Ada", last_name: "Lovelace" }]);
    expect(await pendingCount(db, owner)).toBe(0);
    expect(getSyncStatus()).toMatchObject({ phase: "idle", pending: 0 });
  });

  it("keeps changes and retries with the same key after a network failure", async () => {
    await edit("first_name", "Ada");
    const keys: string[] = [];
    let fail = true;
    const worker = new SyncWorker(
      db,
      owner,
      async (batch) => {
        keys.push(batch.batchId);
        if (fail) throw new ApiError("network", "offline");
      },
      { baseDelayMs: 5, random: () => 0.5 },
    );
    await worker.flushNow();
    expect(getSyncStatus()).toMatchObject({ phase: "waiting", pending: 1 });
    expect(await pendingCount(db, owner)).toBe(1);
    fail = false;
    await expect.poll(() => pendingCount(db, owner)).toBe(0);
    worker.stop();
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
  });

  it("retries a send that timed out, with the same key", async () => {
    await edit("first_name", "Ada");
    const keys: string[] = [];
    const worker = new SyncWorker(
      db,
      owner,
      async (batch) => {
        keys.push(batch.batchId);
        if (keys.length === 1) throw new DOMException("The operation timed out.", "TimeoutError");
      },
      { baseDelayMs: 5, random: () => 0.5 },
    );
    await worker.flushNow();
    expect(getSyncStatus()).toMatchObject({ phase: "waiting", pending: 1 });
    await expect.poll(() => pendingCount(db, owner)).toBe(0);
    worker.stop();
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
  });

  it("waits for sign-in on 401 without dropping anything", async () => {
    await edit("first_name", "Ada");
    const worker = new SyncWorker(db, owner, async () => {
      throw new ApiError("unauthorized", "signed out", 401);
    });
    await worker.flushNow();
    worker.stop();
    expect(getSyncStatus().phase).toBe("signed-out");
    expect(await pendingCount(db, owner)).toBe(1);
  });

  it("flags a refused change for attention and keeps it", async () => {
    await edit("first_name", "Ada");
    const worker = new SyncWorker(db, owner, async () => {
      throw new ApiError("server", "Unknown answer keys: first_name.", 400);
    });
    await worker.flushNow();
    worker.stop();
    expect(getSyncStatus()).toMatchObject({
      phase: "attention",
      serverMessage: "Unknown answer keys: first_name.",
    });
    expect(await pendingCount(db, owner)).toBe(1);
  });

  it("drops a refused non-answer change so that the answers behind it still go", async () => {
    await recordAction(
      db,
      owner,
      "add-another",
      { button_id: "gone", num_components: 2 },
      "add-another:gone",
    );
    await edit("first_name", "Ada");
    const sent: string[] = [];
    const worker = new SyncWorker(db, owner, async (batch) => {
      sent.push(batch.kind);
      if (batch.kind === "add-another") throw new ApiError("server", "button_id must name a button", 400);
    });
    await worker.flushNow();
    worker.stop();
    expect(sent).toEqual(["add-another", "answer"]);
    expect(await pendingCount(db, owner)).toBe(0);
    expect(getSyncStatus()).toMatchObject({ phase: "idle" });
  });

  it("keeps a non-answer change that failed for the network or the session", async () => {
    await recordAction(db, owner, "web-status", { web_status: "started" }, "web-status:started");
    const worker = new SyncWorker(db, owner, async () => {
      throw new ApiError("unauthorized", "signed out", 401);
    });
    await worker.flushNow();
    worker.stop();
    expect(await pendingCount(db, owner)).toBe(1);
  });

  it("on a sequence gap renumbers, resends everything the device holds, and succeeds", async () => {
    await edit("first_name", "Ada");
    const sent: { seq: number | null; answers: Record<string, string> }[] = [];
    const worker = new SyncWorker(db, owner, async (batch) => {
      sent.push({ seq: batch.seq, answers: batch.answers });
      if (batch.seq === 1) throw new ApiError("server", "gap", 409, { expected_seq: 7 });
      return undefined;
    });
    await worker.flushNow();
    worker.stop();
    expect(sent).toEqual([
      { seq: 1, answers: { first_name: "Ada" } },
      { seq: 7, answers: { first_name: "Ada" } },
    ]);
    expect(await pendingCount(db, owner)).toBe(0);
  });

  it("hands the server's newer values to the owner before completing the batch", async () => {
    await edit("first_name", "Older");
    const adopted: Record<string, string>[] = [];
    const worker = new SyncWorker(
      db,
      owner,
      async () => ({
        message: "",
        saved: 0,
        saved_at: "",
        server_time: 0,
        superseded: { first_name: "Newer" },
      }),
      { onSuperseded: async (_batch, superseded) => void adopted.push(superseded) },
    );
    await worker.flushNow();
    worker.stop();
    expect(adopted).toEqual([{ first_name: "Newer" }]);
  });

  it("backs off exponentially with jitter, up to a cap", () => {
    expect(retryDelay(0, 1000, 60_000, () => 0.5)).toBe(1000);
    expect(retryDelay(3, 1000, 60_000, () => 0.5)).toBe(8000);
    expect(retryDelay(20, 1000, 60_000, () => 0.5)).toBe(60_000);
    expect(retryDelay(0, 1000, 60_000, () => 0)).toBe(800);
    expect(retryDelay(0, 1000, 60_000, () => 1)).toBeCloseTo(1200);
  });
});
