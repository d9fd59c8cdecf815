import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Statement, StatementRunner } from "../../server/db/database";
import { SIGNED_OUT, saveAnswers } from "../../server/services/answer-save";
import { hashAnswerRequest } from "../../server/services/answers";
import type { AnswerOutcome } from "../../src/shared/api-types";
import { IDLE_TIMEOUT_MS } from "../../src/shared/constants";
import { putAnswers, storedAnswers } from "../helpers/api";
import { type Postgres, startPostgres } from "../helpers/postgres";
import { counting, expireSession, lastSeen, setLastSeen } from "../helpers/statement-runs";
import { answerRevision, answerRows, clientId, lastSeq, sendBatch, storedKeys } from "../helpers/sync";
import { lacks } from "../helpers/system-tools";
import { createTestApp, idempotencyKey, signedInUser, type TestApp } from "../helpers/test-app";

// services/answer-save.ts (decision 0017): the common save is one statement (the function
// answer_save, migration 0010); the rare cases take a transaction of their own statements. The
// rules themselves are pinned by answer*.test.ts; here, which path runs, what a failure leaves,
// and saves of one user at once.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

/** saveAnswers as the route calls it (the body already checked), through `runner`. */
async function save(
  runner: StatementRunner,
  user: { token: string },
  answers: Record<string, string>,
  options: {
    key?: string;
    client?: { clientId: string; seq: number };
    editedAt?: Record<string, number>;
    /** The app whose clock the save takes (the suite's by default). */
    on?: TestApp;
  } = {},
) {
  const request = { answers, editedAt: options.editedAt ?? {} };
  const on = options.on ?? test;
  const result = await saveAnswers(runner, {
    sessionToken: user.token,
    key: options.key ?? idempotencyKey(),
    requestHash: hashAnswerRequest(request),
    client: options.client ?? null,
    save: request,
    clock: on.app.clock,
    clockOffsetMs: on.app.clockOffsetMs(),
  });
  if (result === SIGNED_OUT) throw new Error("the save found no active session");
  return result;
}

/** A user whose application exists and whose device has had its first batch applied. */
async function knownDevice(on: TestApp = test) {
  const user = await signedInUser(on);
  const device = clientId();
  const first = await sendBatch(on, user.cookie, { city: "Paris" }, { client: device, seq: 1 });
  expect(first.statusCode, first.body).toBe(200);
  return { ...user, device };
}

describe("saveAnswers: the common case in one statement", () => {
  it("saves a known device's next batch to an existing application with one statement", async () => {
    const user = await knownDevice();
    const runner = counting(test);
    const key = idempotencyKey();
    const result = await save(
      runner,
      user,
      { city: "London" },
      { key, client: { clientId: user.device, seq: 2 } },
    );
    expect({ statements: runner.statements, transactions: runner.transactions }).toStrictEqual({
      statements: 1,
      transactions: 0,
    });
    expect(result).toMatchObject({ statusCode: 200, replayed: false, body: { saved: 1, superseded: {} } });
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ city: "London" });
    expect(await lastSeq(test, user.userId, user.device)).toBe(2);
    expect(await answerRevision(test, user.userId)).toBe(2);
    expect((await storedKeys(test, user.userId))[key]).toBe(200);
  });

  it("saves a flat map (no sequence headers) to an existing application with one statement", async () => {
    const user = await knownDevice();
    const runner = counting(test);
    const result = await save(runner, user, { city: "Rome" });
    expect([runner.statements, runner.transactions]).toStrictEqual([1, 0]);
    expect(result.body).toMatchObject({ saved: 1 });
  });

  it("takes an application's first save and a new device's first batch in one statement too", async () => {
    // Every applicant meets these once per device (migration 0011): the raise and the
    // transaction cost ten concurrent first saves 50–60 ms each.
    const user = await signedInUser(test);
    const device = clientId();
    const first = counting(test);
    const created = await save(first, user, { city: "Paris" }, { client: { clientId: device, seq: 1 } });
    expect([first.statements, first.transactions]).toStrictEqual([1, 0]);
    expect(created.body).toMatchObject({ saved: 1 });
    expect(await answerRevision(test, user.userId)).toBe(1);
    expect(await lastSeq(test, user.userId, device)).toBe(1);

    const other = clientId();
    const newDevice = counting(test);
    await save(newDevice, user, { city: "Lyon" }, { client: { clientId: other, seq: 1 } });
    expect([newDevice.statements, newDevice.transactions]).toStrictEqual([1, 0]);
    expect(await lastSeq(test, user.userId, other)).toBe(1);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ city: "Lyon" });

    // The same device's number 1 again (another key) is refused as before: already applied.
    const again = counting(test);
    await expect(
      save(again, user, { city: "Metz" }, { client: { clientId: other, seq: 1 } }),
    ).rejects.toMatchObject({ statusCode: 409, extra: { body: { expected_seq: 2 } } });
    expect(again.transactions).toBe(1);
  });

  it("takes the transaction for a new device not starting at 1, a repeated key, a number out of order and a submitted application", async () => {
    const user = await knownDevice();
    const device = user.device;

    const lateStart = counting(test);
    const stranger = { key: idempotencyKey(), client: { clientId: clientId(), seq: 3 } };
    await expect(save(lateStart, user, { city: "Lyon" }, stranger)).rejects.toMatchObject({
      statusCode: 409,
      extra: { body: { expected_seq: 1 } },
    });
    expect(lateStart.transactions).toBe(1);
    expect((await storedKeys(test, user.userId))[stranger.key]).toBeUndefined();

    const key = idempotencyKey();
    const original = await save(counting(test), user, { city: "Nice" }, { key });
    const revision = await answerRevision(test, user.userId);
    const repeated = counting(test);
    const replay = await save(repeated, user, { city: "Nice" }, { key });
    expect(repeated.transactions).toBe(1);
    expect(replay).toStrictEqual({ ...original, replayed: true });
    // The one statement wrote the answers again before it found the key taken (migration 0013):
    // none of that stayed.
    expect(await answerRevision(test, user.userId)).toBe(revision);

    const gap = counting(test);
    const outOfOrder = { key: idempotencyKey(), client: { clientId: device, seq: 3 } };
    await expect(save(gap, user, { city: "Metz" }, outOfOrder)).rejects.toMatchObject({
      statusCode: 409,
      extra: { body: { expected_seq: 2 } },
    });
    expect(gap.transactions).toBe(1);
    // The one statement's claim of the key did not stay: the key is unused, the number too.
    expect((await storedKeys(test, user.userId))[outOfOrder.key]).toBeUndefined();
    expect(await lastSeq(test, user.userId, device)).toBe(1);

    await test.database.statements.run(SUBMIT, [user.userId]);
    const submitted = counting(test);
    const refusedKey = idempotencyKey();
    await expect(
      save(submitted, user, { city: "Caen" }, { key: refusedKey, client: { clientId: device, seq: 2 } }),
    ).rejects.toMatchObject({ statusCode: 409, extra: { body: { submitted: true } } });
    expect(submitted.transactions).toBe(1);
    expect((await storedKeys(test, user.userId))[refusedKey]).toBeUndefined();
    expect(await lastSeq(test, user.userId, device)).toBe(1);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ city: "Nice" });
  });

  it("keeps nothing of a one-statement save that fails after its writes, and passes the error on", async () => {
    const user = await knownDevice();
    const rowsBefore = await answerRows(test, user.userId);
    // More failures than the PostgreSQL pool has connections (10): each leaves its connection clean.
    for (let seq = 2; seq < 14; seq++) {
      const runner = counting(test);
      const key = idempotencyKey();
      // An edit time the database cannot hold fails the write, after the key was claimed, the
      // number advanced and the application locked (the route refuses such a time before saving).
      const failing = save(
        runner,
        user,
        { city: "Never" },
        {
          key,
          client: { clientId: user.device, seq: 2 },
          editedAt: { city: 2 ** 62 },
        },
      );
      await expect(failing).rejects.toThrow(/out of range/i);
      expect([runner.statements, runner.transactions]).toStrictEqual([1, 0]);
      expect((await storedKeys(test, user.userId))[key]).toBeUndefined();
    }
    expect(await lastSeq(test, user.userId, user.device)).toBe(1);
    expect(await answerRevision(test, user.userId)).toBe(1);
    expect(await answerRows(test, user.userId)).toStrictEqual(rowsBefore);
    const after = await save(
      counting(test),
      user,
      { city: "Lille" },
      { client: { clientId: user.device, seq: 2 } },
    );
    expect(after.body).toMatchObject({ saved: 1 });
    await expectCleanConnections();
  });
});

describe("saveAnswers: the session, checked in the same statement (migration 0012)", () => {
  const MINUTE = 60_000;

  it("records a session's activity once a minute in the save's one statement", async () => {
    const user = await knownDevice();
    test.freezeClock();
    try {
      const now = test.app.clock();
      await setLastSeen(test, user.token, new Date(now.getTime() - 2 * MINUTE));
      const runner = counting(test);
      await save(runner, user, { city: "Oslo" }, { client: { clientId: user.device, seq: 2 } });
      expect([runner.statements, runner.transactions]).toStrictEqual([1, 0]);
      expect(await lastSeen(test, user.token)).toBe(now.getTime());

      // Within the minute, a save leaves the time as it is (a read, not a write).
      await setLastSeen(test, user.token, new Date(now.getTime() - 30_000));
      await save(counting(test), user, { city: "Bergen" }, { client: { clientId: user.device, seq: 3 } });
      expect(await lastSeen(test, user.token)).toBe(now.getTime() - 30_000);
    } finally {
      test.freezeClock(false);
    }
  });

  it("saves nothing for a session that is not active, in one statement, and ends an idle one", async () => {
    const user = await knownDevice();
    const rowsBefore = await answerRows(test, user.userId);
    async function expectRefused(token: string, name: string) {
      const runner = counting(test);
      const key = idempotencyKey();
      const request = { answers: { city: "Never" }, editedAt: {} };
      const outcome = await saveAnswers(runner, {
        sessionToken: token,
        key,
        requestHash: hashAnswerRequest(request),
        client: { clientId: user.device, seq: 2 },
        save: request,
        clock: test.app.clock,
        clockOffsetMs: test.app.clockOffsetMs(),
      });
      expect(outcome, name).toBe(SIGNED_OUT);
      expect([runner.statements, runner.transactions], name).toStrictEqual([1, 0]);
      expect((await storedKeys(test, user.userId))[key], name).toBeUndefined();
    }
    await expectRefused("no-such-session", "unknown token");
    await expireSession(test, user.token);
    await expectRefused(user.token, "past its absolute expiry");
    expect(await lastSeq(test, user.userId, user.device)).toBe(1);
    expect(await answerRows(test, user.userId)).toStrictEqual(rowsBefore);

    const idle = await knownDevice();
    await setLastSeen(test, idle.token, new Date(test.app.clock().getTime() - IDLE_TIMEOUT_MS));
    await expect(save(counting(test), idle, { city: "Never" })).rejects.toThrow(/no active session/);
    // Ended, not merely refused once (the statement that refused it kept the delete).
    expect(await lastSeen(test, idle.token)).toBeNull();
  });

  it("checks the session again before a rare case's transaction (the raise rolled its check back)", async () => {
    const user = await knownDevice();
    const key = idempotencyKey();
    const original = await save(counting(test), user, { city: "Turin" }, { key });
    const repeated = counting(test);
    expect(await save(repeated, user, { city: "Turin" }, { key })).toStrictEqual({
      ...original,
      replayed: true,
    });
    // The one statement (raised), the session check, then the transaction.
    expect([repeated.statements, repeated.transactions]).toStrictEqual([2, 1]);
  });
});

describe("PUT /api/answer: saves of one user at once", () => {
  it("applies each device's batch after the ones before it, reporting the value stored then", async () => {
    const user = await knownDevice();
    const devices = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const device = clientId();
        const first = await sendBatch(test, user.cookie, { zip: "00000" }, { client: device, seq: 1 });
        expect(first.statusCode, first.body).toBe(200);
        return device;
      }),
    );
    const revisionBefore = await answerRevision(test, user.userId);
    const base = test.app.clock().getTime() - 60_000;
    // Edit times in an order unrelated to the order of arrival.
    const edits = [3, 0, 5, 1, 4, 2].map((rank, index) => ({
      value: `Name ${rank}`,
      at: base + rank,
      index,
    }));
    const editOf = new Map(edits.map((edit) => [edit.value, edit.at]));
    const outcomes = await Promise.all(
      edits.map(async (edit) => {
        const response = await sendBatch(
          test,
          user.cookie,
          { answers: { last_name: edit.value }, edited_at: { last_name: edit.at } },
          { client: devices[edit.index] as string, seq: 2 },
        );
        expect(response.statusCode, response.body).toBe(200);
        return { edit, outcome: response.json() as AnswerOutcome };
      }),
    );
    for (const { edit, outcome } of outcomes) {
      if (outcome.saved === 1) continue;
      // Superseded by what was stored when this save held the lock: a newer edit, never a stale read.
      const stored = outcome.superseded.last_name as string;
      expect(editOf.get(stored)).toBeGreaterThan(edit.at);
    }
    expect(await storedAnswers(test, user.cookie)).toMatchObject({ last_name: "Name 5" });
    const written = outcomes.filter(({ outcome }) => outcome.saved === 1).length;
    expect(await answerRevision(test, user.userId)).toBe(revisionBefore + written);
  });

  it("gives each flat save a time no earlier than the saves applied before it, so none is superseded", async () => {
    const user = await knownDevice();
    const revisionBefore = await answerRevision(test, user.userId);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, async (_, index) => {
        const response = await putAnswers(test, user.cookie, { first_name: `Name ${index}` });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as AnswerOutcome;
      }),
    );
    expect(outcomes.map((outcome) => outcome.saved)).toStrictEqual(Array(8).fill(1));
    expect(await answerRevision(test, user.userId)).toBe(revisionBefore + 8);
    const latest = Math.max(...outcomes.map((outcome) => outcome.server_time));
    expect((await answerRows(test, user.userId)).first_name?.editedAt).toBe(latest);
    await expectCleanConnections();
  });
});

describe("PUT /api/answer: one key sent twice at once (the key written last, migration 0013)", () => {
  it("applies a batch sent five times at once once: each answered alike, the number advanced once", async () => {
    const user = await knownDevice();
    const revisionBefore = await answerRevision(test, user.userId);
    const key = idempotencyKey();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        sendBatch(test, user.cookie, { city: "Lyon" }, { key, client: user.device, seq: 2 }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const bodies = responses.map((response) => response.json());
    for (const body of bodies) expect(body).toStrictEqual(bodies[0]);
    const applied = responses.filter((response) => response.headers["idempotent-replayed"] === undefined);
    expect(applied).toHaveLength(1);
    expect(await lastSeq(test, user.userId, user.device)).toBe(2);
    expect(await answerRevision(test, user.userId)).toBe(revisionBefore + 1);
    expect((await storedKeys(test, user.userId))[key]).toBe(200);
  });

  it("applies one of two requests reusing a key at once and refuses the other with 422", async () => {
    const user = await knownDevice();
    const revisionBefore = await answerRevision(test, user.userId);
    const key = idempotencyKey();
    const responses = await Promise.all(
      ["Rome", "Oslo"].map(async (city) => ({
        city,
        response: await putAnswers(test, user.cookie, { city }, { key }),
      })),
    );
    expect(responses.map(({ response }) => response.statusCode).sort()).toStrictEqual([200, 422]);
    const applied = responses.find(({ response }) => response.statusCode === 200);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ city: applied?.city });
    expect(await answerRevision(test, user.userId)).toBe(revisionBefore + 1);
  });
});

// Two saves of one key can wait on each other only when one takes the common path (the key last)
// and the other the slow path (the key first): PostgreSQL ends one. A test needs two connections.
// Skipped where PostgreSQL is not installed (PGlite has one connection, so the two saves can never
// wait on each other); CI installs it and fails on a skip.
describe.skipIf(lacks("postgresql"))(
  "saveAnswers on PostgreSQL: two saves of one key waiting on each other",
  () => {
    let postgres: Postgres | undefined;
    let pg: TestApp;
    beforeAll(async () => {
      postgres = await startPostgres();
      pg = await createTestApp({ databaseUrl: postgres.url });
    }, 120_000);
    afterAll(async () => {
      await pg?.close();
      await postgres?.stop();
    }, 60_000);

    it("saves once, the slow way, when PostgreSQL ends the common save", async () => {
      const user = await knownDevice(pg);
      const key = idempotencyKey();
      let claimed: () => void = () => {};
      let commonSettled = false;
      const keyClaimed = new Promise<void>((resolve) => {
        claimed = resolve;
      });
      // Another transaction holds the key (as the slow path does first) and then asks for the
      // application's lock, which the common save holds while it waits for the key.
      const holder = pg.database.statements.transaction(async (run) => {
        // This side waits longer before looking for a deadlock: the common save is the one ended.
        await run(LONG_DEADLOCK_TIMEOUT, []);
        await run(CLAIM_KEY, [user.userId, key]);
        const [holderPid] = await run<{ pid: number }>(BACKEND_PID, []);
        claimed();
        await waitUntilBlockedBy(pg, holderPid?.pid, () => commonSettled);
        await run(LOCK_APPLICATION, [user.userId]);
        throw new Error("the holder rolls back");
      });
      await keyClaimed;
      const common = save(
        pg.database.statements,
        user,
        { city: "Lyon" },
        {
          key,
          client: { clientId: user.device, seq: 2 },
          on: pg,
        },
      );
      const ended = () => {
        commonSettled = true;
      };
      common.then(ended, ended);
      await expect(holder).rejects.toThrow("the holder rolls back");
      await expect(common).resolves.toMatchObject({ statusCode: 200, replayed: false, body: { saved: 1 } });
      expect(await lastSeq(pg, user.userId, user.device)).toBe(2);
      expect(await answerRevision(pg, user.userId)).toBe(2);
      expect((await storedKeys(pg, user.userId))[key]).toBe(200);
      expect(await storedAnswers(pg, user.cookie)).toStrictEqual({ city: "Lyon" });
    });
  },
);

const LONG_DEADLOCK_TIMEOUT: Statement = {
  name: "test_answer_save_long_deadlock_timeout",
  text: "set local deadlock_timeout = '60s'",
};
const CLAIM_KEY: Statement = {
  name: "test_answer_save_claim_key",
  text: `insert into idempotency_keys (user_id, key, request_hash, status_code, response)
values ($1::uuid, $2::text, 'another request', 0, '{}'::jsonb)`,
};
const LOCK_APPLICATION: Statement = {
  name: "test_answer_save_lock_application",
  text: "select 1 from applications where user_id = $1::uuid for update",
};
const BACKEND_PID: Statement = {
  name: "test_answer_save_backend_pid",
  text: "select pg_backend_pid() as pid",
};
// Another connection waiting for a lock the given backend holds (only this test's save can: the
// holder holds nothing but its own key), whatever other tests do on a shared database.
const BLOCKED_BY: Statement = {
  name: "test_answer_save_blocked_by",
  text: "select count(*)::int as waiting from pg_stat_activity where $1::int = any(pg_blocking_pids(pid))",
};

/** Until the save waits for the holder's key (fails if the save ended first). */
async function waitUntilBlockedBy(
  on: TestApp,
  holderPid: number | undefined,
  saveEnded: () => boolean,
): Promise<void> {
  if (holderPid === undefined) throw new Error("no backend pid for the holder");
  while (!saveEnded()) {
    const [row] = await on.database.statements.run<{ waiting: number }>(BLOCKED_BY, [holderPid]);
    if ((row?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the save ended without waiting for the key");
}

const SUBMIT: Statement = {
  name: "test_answer_save_submit",
  text: "update applications set submitted_at = now() where user_id = $1::uuid",
};
const TRANSACTION_ID: Statement = {
  name: "test_answer_save_transaction_id",
  text: "select txid_current_if_assigned()::text as xid",
};

/**
 * Every pooled connection (10 on PostgreSQL, PGlite's one) is outside any transaction: held all at
 * once, each starts a transaction of its own in which nothing was written yet (a connection left
 * in a transaction would show its writes' transaction id, or refuse as aborted).
 */
async function expectCleanConnections(): Promise<void> {
  const connections = test.database.kind === "postgres" ? 10 : 1;
  let started = 0;
  let allStarted: () => void = () => {};
  const everyoneIn = new Promise<void>((resolve) => {
    allStarted = resolve;
  });
  const ids = await Promise.all(
    Array.from({ length: connections }, () =>
      test.database.statements.transaction(async (run) => {
        if (++started === connections) allStarted();
        await everyoneIn;
        const [row] = await run<{ xid: string | null }>(TRANSACTION_ID, []);
        return row?.xid ?? null;
      }),
    ),
  );
  expect(ids).toStrictEqual(Array(connections).fill(null));
}
