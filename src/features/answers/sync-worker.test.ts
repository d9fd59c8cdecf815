import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eventually } from "../../../tests/helpers/eventually";
import { ApiError } from "../../lib/api-client";
import type { Failure } from "../../lib/failure";
import { fakeBrowser } from "../../lib/fake-tabs";
import { GENERIC_ERROR_MESSAGE, SUBMITTED_READ_ONLY_MESSAGE } from "../../shared/messages";
import type { LocalDb } from "./local-db";
import {
  type Batch,
  pendingCount,
  recordAction,
  recordAnswer,
  refusedAnswers,
  takeBatch,
} from "./sync-queue";
import { describeSyncStatus, getSyncStatus } from "./sync-status";
import { retryDelay, SyncWorker } from "./sync-worker";
import { testDb } from "./test-db";

const owner = "ada@example.edu";
let db: LocalDb;

const TOO_LONG = "This answer is longer than 45 characters.";

beforeEach(() => {
  db = testDb();
});

afterEach(() => {
  vi.unstubAllGlobals();
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
    expect(getSyncStatus()).toMatchObject({ phase: "unreachable", pending: 1 });
    expect(await pendingCount(db, owner)).toBe(1);
    fail = false;
    await expect.poll(() => pendingCount(db, owner)).toBe(0);
    worker.stop();
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
  });

  it.each([
    ["finding the lanes with work", 1],
    ["taking the batch", 2],
  ])(
    "tries again later when the device's own store fails under it (%s), and never rejects",
    async (_step, failing) => {
      await edit("first_name", "Ada");
      const sent: Record<string, string>[] = [];
      // One transaction fails: the device is full for a moment.
      const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
      let calls = 0;
      (db as { transaction: unknown }).transaction = (...args: unknown[]) => {
        if (++calls === failing) {
          return Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
        }
        return transaction(...args);
      };
      const worker = new SyncWorker(
        db,
        owner,
        async (batch) => {
          sent.push(batch.answers);
        },
        { baseDelayMs: 5, random: () => 0.5 },
      );
      await expect(worker.flushNow()).resolves.toBeUndefined();
      await expect.poll(() => pendingCount(db, owner)).toBe(0);
      worker.stop();
      expect(sent).toEqual([{ first_name: "Ada" }]);
    },
  );

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
    expect(getSyncStatus()).toMatchObject({ phase: "unreachable", pending: 1 });
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

  it("flags a change refused for a reason no edit can fix for attention, and keeps it", async () => {
    await edit("first_name", "Ada");
    const worker = new SyncWorker(db, owner, async () => {
      throw new ApiError("server", SUBMITTED_READ_ONLY_MESSAGE, 409, {
        message: SUBMITTED_READ_ONLY_MESSAGE,
        submitted: true,
      });
    });
    await worker.flushNow();
    worker.stop();
    expect(getSyncStatus()).toMatchObject({ phase: "attention", serverMessage: SUBMITTED_READ_ONLY_MESSAGE });
    expect(await pendingCount(db, owner)).toBe(1);
  });

  it("drops a refused non-answer change and tells its feature; the answers go regardless", async () => {
    await recordAction(
      db,
      owner,
      "add-another",
      { button_id: "gone", num_components: 2 },
      "add-another:gone",
    );
    await edit("first_name", "Ada");
    const sent: string[] = [];
    const dropped: { kind: string; payload: unknown; failure: Failure }[] = [];
    const worker = new SyncWorker(
      db,
      owner,
      async (batch) => {
        sent.push(batch.kind);
        if (batch.kind === "add-another") {
          const message = "button_id must name a button";
          throw new ApiError("server", message, 400, { message });
        }
      },
      {
        onActionDropped: (batch, failure) =>
          dropped.push({ kind: batch.kind, payload: batch.payload, failure }),
      },
    );
    await worker.flushNow();
    worker.stop();
    expect(sent.sort()).toEqual(["add-another", "answer"]);
    expect(await pendingCount(db, owner)).toBe(0);
    expect(getSyncStatus()).toMatchObject({ phase: "idle" });
    // The feature that made the change hears of it, to say so and show the server's value again.
    expect(dropped).toEqual([
      {
        kind: "add-another",
        payload: { button_id: "gone", num_components: 2 },
        failure: expect.objectContaining({ class: "refused", message: "button_id must name a button" }),
      },
    ]);
  });

  it.each([
    ["tabs", { tab_id: "ps_tab", chosen_tab: "upload" }, "tabs:ps_tab"],
    ["add-another", { button_id: "college", num_components: 2 }, "add-another:college"],
  ] as const)(
    "drops a %s change the server had a problem with, once, and tells its feature",
    async (kind, payload, key) => {
      await recordAction(db, owner, kind, payload, key);
      const dropped: Failure[] = [];
      let sends = 0;
      const worker = new SyncWorker(
        db,
        owner,
        async () => {
          sends += 1;
          throw new ApiError("server", "Broken.", 500, { message: "Broken." });
        },
        { onActionDropped: (_batch, failure) => dropped.push(failure), baseDelayMs: 1 },
      );
      await worker.flushNow();
      worker.stop();
      expect(sends).toBe(1);
      expect(dropped).toEqual([expect.objectContaining({ class: "server-problem", message: "Broken." })]);
      expect(await pendingCount(db, owner)).toBe(0);
    },
  );

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

  it("tells offline, no answer, a busy server and a server problem apart (issue 30)", async () => {
    await edit("first_name", "Ada");
    let failure: () => never = () => {
      throw new ApiError("network", "offline");
    };
    let sends = 0;
    const worker = new SyncWorker(
      db,
      owner,
      async () => {
        sends += 1;
        failure();
      },
      { baseDelayMs: 1e9, maxDelayMs: 1e9 },
    );
    vi.stubGlobal("navigator", { onLine: false });
    await worker.flushNow();
    expect(getSyncStatus()).toMatchObject({ phase: "offline", pending: 1 });

    vi.stubGlobal("navigator", { onLine: true });
    const cases: [string, () => never, Partial<ReturnType<typeof getSyncStatus>>][] = [
      [
        "a 500 with the server's message",
        () => {
          throw new ApiError("server", "The database is down.", 500, { message: "The database is down." });
        },
        { phase: "server-error", serverMessage: "The database is down." },
      ],
      [
        "a reply that is not JSON, whatever its status (a captive portal's 200)",
        () => {
          throw new ApiError("server", GENERIC_ERROR_MESSAGE, 200);
        },
        { phase: "server-error", serverMessage: GENERIC_ERROR_MESSAGE },
      ],
      [
        "a 429 without Retry-After",
        () => {
          throw new ApiError("server", "busy", 429, { message: "busy" });
        },
        { phase: "server-error", serverMessage: "busy" },
      ],
      [
        "a 503 with Retry-After",
        () => {
          throw new ApiError("server", "Later.", 503, { message: "Later." }, 60_000);
        },
        { phase: "busy" },
      ],
      [
        "a network failure while online",
        () => {
          throw new ApiError("network", "unreachable");
        },
        { phase: "unreachable" },
      ],
      [
        "a timeout",
        () => {
          throw new DOMException("The operation timed out.", "TimeoutError");
        },
        { phase: "unreachable" },
      ],
    ];
    for (const [label, trouble, expected] of cases) {
      failure = trouble;
      // Each flush is the applicant's click: one try, parked lanes included.
      await worker.flushNow();
      expect(getSyncStatus(), label).toMatchObject(expected);
      if (expected.phase === "server-error") {
        expect(describeSyncStatus(getSyncStatus()), label).not.toMatch(/couldn't reach/);
      }
    }
    expect(sends).toBe(1 + cases.length);
    expect(await pendingCount(db, owner)).toBe(1);
    worker.stop();
  });

  it("tries a server problem once, then waits for the next edit, click or reconnection", async () => {
    let fail = true;
    const sent: Record<string, string>[] = [];
    const worker = new SyncWorker(
      db,
      owner,
      async (batch) => {
        sent.push(batch.answers);
        if (fail) throw new ApiError("server", "Broken.", 500, { message: "Broken." });
      },
      { debounceMs: 5, maxWaitMs: 10, baseDelayMs: 1 },
    );
    worker.start();
    await edit("first_name", "Ada");
    worker.notifyChange();
    await eventually(() => expect(getSyncStatus().phase).toBe("server-error"));
    // Time passes: nothing is sent by itself.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
    // The next edit is a trigger: the same batch again (then the edit).
    await edit("last_name", "Lovelace");
    worker.notifyChange();
    await eventually(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ first_name: "Ada" });
    // So is a click (Save and continue, Submit, "Try again"); then it goes through.
    fail = false;
    void worker.flushNow();
    await eventually(async () => expect(await pendingCount(db, owner)).toBe(0));
    worker.stop();
    expect(sent.at(-1)).toEqual({ last_name: "Lovelace" });
  });

  it("tries a web status three times in all on a server problem, then waits (spec §9: retried 2 times)", async () => {
    await recordAction(db, owner, "web-status", { web_status: "validating" }, "web-status:validating");
    let sends = 0;
    const worker = new SyncWorker(
      db,
      owner,
      async () => {
        sends += 1;
        throw new ApiError("server", "Broken.", 500, { message: "Broken." });
      },
      { baseDelayMs: 1, maxDelayMs: 5 },
    );
    await worker.flushNow();
    await eventually(() => expect(getSyncStatus().phase).toBe("server-error"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sends).toBe(3);
    expect(describeSyncStatus(getSyncStatus())).toBe(
      "The server had a problem, so 1 change is kept on this device: Broken.",
    );
    worker.stop();
  });

  it("never holds an answer back behind a failing change of another kind (no head-of-line blocking)", async () => {
    await recordAction(db, owner, "last-page", { last_page: "/education" });
    await recordAction(db, owner, "validations", { errors: {} });
    const stored: Record<string, string> = {};
    const answerSends: number[] = [];
    const worker = new SyncWorker(db, owner, async (batch) => {
      if (batch.kind === "last-page") throw new ApiError("server", "Broken.", 500, { message: "Broken." });
      // A report that never answers (until its timeout) must not hold anything back either.
      if (batch.kind === "validations") return new Promise(() => {});
      answerSends.push(Date.now());
      Object.assign(stored, batch.answers);
      return undefined;
    });
    void worker.flushNow();
    await edit("first_name", "Ada");
    await edit("last_name", "Lovelace");
    void worker.flushNow();
    await eventually(() => expect(stored).toEqual({ first_name: "Ada", last_name: "Lovelace" }));
    expect(answerSends).toHaveLength(1);
    worker.stop();
  });

  it("comes back after a busy server's Retry-After by itself", async () => {
    await edit("first_name", "Ada");
    let sends = 0;
    const worker = new SyncWorker(
      db,
      owner,
      async () => {
        sends += 1;
        if (sends === 1) throw new ApiError("server", "Later.", 503, { message: "Later." }, 10);
      },
      { random: () => 0 },
    );
    await worker.flushNow();
    expect(getSyncStatus().phase).toBe("busy");
    await eventually(async () => expect(await pendingCount(db, owner)).toBe(0));
    expect(sends).toBe(2);
    worker.stop();
  });

  it("marks the fields a 400 names, and sends the rest of the batch and everything after it", async () => {
    const sent: { key: string; seq: number | null; answers: Record<string, string> }[] = [];
    const server = async (batch: Batch) => {
      sent.push({ key: batch.batchId, seq: batch.seq, answers: batch.answers });
      if ("bad" in batch.answers) {
        throw new ApiError("server", "Some answers were not saved: bad.", 400, {
          message: "Some answers were not saved: bad.",
          fields: { bad: TOO_LONG, not_in_this_batch: TOO_LONG },
        });
      }
      return undefined;
    };
    await edit("first_name", "Ada");
    await edit("bad", "x".repeat(46));
    await edit("last_name", "Lovelace");
    const worker = new SyncWorker(db, owner, server);
    await worker.flushNow();
    await edit("city", "London");
    await worker.flushNow();
    worker.stop();

    expect(sent.map(({ seq, answers }) => ({ seq, answers }))).toEqual([
      { seq: 1, answers: { first_name: "Ada", bad: "x".repeat(46), last_name: "Lovelace" } },
      { seq: 1, answers: { first_name: "Ada", last_name: "Lovelace" } },
      { seq: 2, answers: { city: "London" } },
    ]);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
    expect(await refusedAnswers(db, owner)).toEqual([
      { key: "bad", value: "x".repeat(46), reason: TOO_LONG },
    ]);
    expect(await pendingCount(db, owner)).toBe(0);
    expect(getSyncStatus()).toMatchObject({ phase: "idle", pending: 0 });
  });

  it.each([
    [
      "a 400 without fields",
      () => new ApiError("server", "Invalid body.", 400, { message: "Invalid body." }),
    ],
    ["a 413 from a proxy (not JSON)", () => new ApiError("server", GENERIC_ERROR_MESSAGE, 413)],
    ["a 422", () => new ApiError("server", "Invalid body.", 422, { message: "Invalid body." })],
  ])(
    "isolates the answer behind %s by halving the batch, and sends all the others",
    async (_label, refusal) => {
      const keys = ["a", "b", "c", "d", "bad", "e", "f", "g", "h", "i", "j"];
      for (const key of keys) await edit(key, `value of ${key}`);
      const stored: Record<string, string> = {};
      let sends = 0;
      const worker = new SyncWorker(db, owner, async (batch) => {
        sends += 1;
        if ("bad" in batch.answers) throw refusal();
        Object.assign(stored, batch.answers);
        return undefined;
      });
      await worker.flushNow();
      worker.stop();
      expect(stored).toEqual(
        Object.fromEntries(keys.filter((k) => k !== "bad").map((k) => [k, `value of ${k}`])),
      );
      expect(await refusedAnswers(db, owner)).toEqual([
        { key: "bad", value: "value of bad", reason: refusal().message },
      ]);
      expect(await pendingCount(db, owner)).toBe(0);
      // log2(11) rounds of halving, each a refusal and at most one success.
      expect(sends).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(keys.length)) + 2);
    },
  );

  it("never holds back the queue, whatever the server refuses", async () => {
    for (const key of ["a", "b", "c"]) await edit(key, key);
    const worker = new SyncWorker(db, owner, async () => {
      throw new ApiError("server", "No.", 400, { message: "No." });
    });
    await worker.flushNow();
    worker.stop();
    expect((await refusedAnswers(db, owner)).map((answer) => answer.key)).toEqual(["a", "b", "c"]);
    expect(await takeBatch(db, owner)).toBeNull();
    expect(getSyncStatus()).toMatchObject({ phase: "idle", pending: 0 });
  });

  it("hands the queue to the tab shown, after the hidden leader's send under way has ended", async () => {
    const browser = fakeBrowser();
    const sentBy: string[] = [];
    let answerFirst = () => {};
    const sender = (tab: string) => (batch: Batch) => {
      sentBy.push(`${tab}: ${Object.keys(batch.answers).join(", ")}`);
      if (sentBy.length > 1) return Promise.resolve(undefined);
      return new Promise<undefined>((resolve) => (answerFirst = () => resolve(undefined)));
    };
    // Timers far off: the test decides when each tab sends.
    const options = { lockName: "admissions-sync:test", debounceMs: 1e9, maxWaitMs: 1e9 };
    const front = new SyncWorker(db, owner, sender("front"), {
      ...options,
      tabs: browser.tab("front", true),
    });
    const back = new SyncWorker(db, owner, sender("back"), { ...options, tabs: browser.tab("back") });
    await edit("first_name", "Ada");
    front.start();
    back.start();
    await eventually(() => expect(front.isLeader).toBe(true));
    await eventually(() => expect(sentBy).toEqual(["front: first_name"]));

    // More waits, due right after the send under way (e.g. a page change flushes); then the
    // applicant switches tabs: the hidden leader ends its send and stops there.
    await edit("last_name", "Lovelace");
    void front.flushNow();
    browser.show("back");
    await eventually(() => expect(front.isLeader).toBe(false));
    expect(back.isLeader).toBe(false);
    answerFirst();
    await eventually(() => expect(back.isLeader).toBe(true));
    expect(front.isLeader).toBe(false);
    await eventually(async () => expect(await pendingCount(db, owner)).toBe(0));
    expect(sentBy).toEqual(["front: first_name", "back: last_name"]);
    front.stop();
    back.stop();
  });

  it("backs off exponentially with jitter, up to a cap", () => {
    expect(retryDelay(0, 1000, 60_000, () => 0.5)).toBe(1000);
    expect(retryDelay(3, 1000, 60_000, () => 0.5)).toBe(8000);
    expect(retryDelay(20, 1000, 60_000, () => 0.5)).toBe(60_000);
    expect(retryDelay(0, 1000, 60_000, () => 0)).toBe(800);
    expect(retryDelay(0, 1000, 60_000, () => 1)).toBeCloseTo(1200);
  });
});

describe("when the sync worker sends while someone types (fake clock)", () => {
  type Sent = { at: number; answers: Record<string, string> };
  let sends: Sent[];

  beforeEach(() => {
    // The clock and timers are fake; IndexedDB (fake-indexeddb, on setImmediate) runs for real.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: 1_000_000 });
    sends = [];
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** Lets the database and the worker run until `done()` (they need no timer to progress). */
  async function until(done: () => boolean | Promise<boolean>) {
    for (let turn = 0; !(await done()); turn++) {
      if (turn > 5_000) throw new Error("the worker never got there");
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  const record = (batch: Batch) => sends.push({ at: Date.now(), answers: batch.answers });
  /** A worker whose first send stays under way until `release()`; later sends succeed at once. */
  const workerHoldingFirstSend = (onSend: (batch: Batch) => void = () => {}) => {
    let release = () => {};
    let calls = 0;
    const worker = new SyncWorker(
      db,
      owner,
      (batch) => {
        onSend(batch);
        record(batch);
        calls += 1;
        return calls === 1
          ? new Promise<undefined>((resolve) => (release = () => resolve(undefined)))
          : Promise.resolve(undefined);
      },
      { debounceMs: 400, maxWaitMs: 1_000 },
    );
    return { worker, release: () => release() };
  };

  it("sends the field someone left within the longest wait, while they go on typing in the next", async () => {
    const worker = new SyncWorker(db, owner, async (batch) => void record(batch), {
      debounceMs: 400,
      maxWaitMs: 1_000,
    });
    const start = Date.now();
    await edit("first_name", "Ada");
    worker.notifyChange();
    // Typing on in the next field, a key every 100 ms: the quiet period never comes.
    for (let key = 1; key <= 10; key++) {
      await vi.advanceTimersByTimeAsync(100);
      await edit("middle_name", "J".repeat(key));
      worker.notifyChange();
    }
    await until(() => sends.length === 1);
    expect(sends[0]?.at).toBe(start + 1_000);
    expect(sends[0]?.answers.first_name).toBe("Ada");
    // The last key (typed while that was sent) goes once the typing has stopped for 400 ms.
    await vi.advanceTimersByTimeAsync(400);
    await until(() => getSyncStatus().phase === "idle" && getSyncStatus().pending === 0);
    expect(sends.at(-1)?.answers.middle_name).toBe("JJJJJJJJJJ");
    worker.stop();
  });

  it("lets edits made during a send wait for their own time, saying they are being sent", async () => {
    const { worker, release: answer } = workerHoldingFirstSend();
    await edit("first_name", "Ada");
    const sending = worker.flushNow();
    await until(() => sends.length === 1);
    await edit("middle_name", "Jo");
    worker.notifyChange();
    answer();
    await sending;
    // Not a second request at once (one per keystroke while someone types on), and not "saved".
    expect(sends).toHaveLength(1);
    expect(getSyncStatus()).toMatchObject({ phase: "idle", pending: 1 });
    expect(describeSyncStatus(getSyncStatus())).toBe("Syncing…");

    await vi.advanceTimersByTimeAsync(400);
    await until(async () => (await pendingCount(db, owner)) === 0);
    expect(sends.map((sent) => sent.answers)).toEqual([{ first_name: "Ada" }, { middle_name: "Jo" }]);
    await until(() => getSyncStatus().phase === "idle" && getSyncStatus().pending === 0);
    worker.stop();
  });

  it("sends what waits right after the send under way when a flush is asked for meanwhile", async () => {
    const { worker, release: answer } = workerHoldingFirstSend();
    await edit("first_name", "Ada");
    const sending = worker.flushNow();
    await until(() => sends.length === 1);
    await edit("middle_name", "Jo");
    worker.notifyChange();
    void worker.flushNow();
    answer();
    await sending;
    expect(sends.map((sent) => sent.answers)).toEqual([{ first_name: "Ada" }, { middle_name: "Jo" }]);
    expect(sends[1]?.at).toBe(sends[0]?.at);
    expect(await pendingCount(db, owner)).toBe(0);
    worker.stop();
  });

  it("sends the answers while another change is still under way: lanes do not wait for each other", async () => {
    const kinds: string[] = [];
    const { worker, release: answer } = workerHoldingFirstSend((batch) => kinds.push(batch.kind));
    await recordAction(db, owner, "web-status", { web_status: "started" }, "web-status:started");
    await edit("first_name", "Ada");
    const sending = worker.flushNow();
    await until(() => sends.length === 2);
    expect(kinds.sort()).toEqual(["answer", "web-status"]);
    expect(sends.find((sent) => Object.keys(sent.answers).length > 0)?.answers).toEqual({
      first_name: "Ada",
    });
    expect(sends[1]?.at).toBe(sends[0]?.at);
    answer();
    await sending;
    expect(await pendingCount(db, owner)).toBe(0);
    worker.stop();
  });

  it("after a failed send waits out the backoff, unless an edit is made meanwhile", async () => {
    let fail = true;
    const worker = new SyncWorker(
      db,
      owner,
      async (batch) => {
        record(batch);
        if (fail) throw new ApiError("network", "unreachable");
      },
      { debounceMs: 400, maxWaitMs: 1_000, baseDelayMs: 1_000, random: () => 0.5 },
    );
    await edit("first_name", "Ada");
    await worker.flushNow();
    await vi.advanceTimersByTimeAsync(999);
    expect(sends).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => sends.length === 2);
    // The second retry waits 2 s; an edit 500 ms in sends it after the quiet period instead.
    await until(() => getSyncStatus().phase === "unreachable");
    fail = false;
    await vi.advanceTimersByTimeAsync(500);
    await edit("middle_name", "Jo");
    worker.notifyChange();
    await vi.advanceTimersByTimeAsync(400);
    await until(async () => (await pendingCount(db, owner)) === 0);
    // The retry is the very same request (without the new edit), and the edit goes right after.
    expect(sends.map((sent) => sent.at - (sends[0]?.at ?? 0))).toEqual([0, 1_000, 1_900, 1_900]);
    expect(sends.at(-1)?.answers).toEqual({ middle_name: "Jo" });
    worker.stop();
  });
});
