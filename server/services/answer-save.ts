import { SUBMITTED_READ_ONLY_MESSAGE } from "../../src/shared/messages";
import type { RunStatement, Statement, StatementRunner } from "../db/database";
import { HttpError } from "../http-error";
import type { AnswerRequest } from "./answers";
import { type ClientSequence, GAP_MESSAGE, SUPERSEDED_MESSAGE } from "./client-sequence";
import { type IdempotentResult, KEY_REUSED_MESSAGE } from "./idempotency";
import { findActiveSession, hashSessionToken, sessionCheckParameters } from "./sessions";

export const SAVED_MESSAGE = "Your answers have been saved.";

/**
 * PUT /api/answer's save, in the database (issue 15). The common case (a new key, a known device
 * sending `last_seq + 1` or no sequence headers, an existing application not submitted) is one
 * statement, one round trip, the session check included (`answer_save_signed_in`, migration 0012:
 * `session_check`, the API's session rules, then `answer_save` for its user; SIGNED_OUT when the
 * session is not active). `answer_save` (migrations 0010, 0011, 0013) advances the device's
 * sequence and locks the application row, writes the answers in a statement of its own
 * (`answer_save_apply`: its snapshot is taken under the lock, so the superseded values it reads are
 * current), and last inserts the idempotency key with its outcome, its one write. Any other case,
 * a key already used included, makes it raise "take the slow path" (SQLSTATE AS001, nothing of it
 * kept), and the save runs again as a transaction of the statements below, which claim the key
 * first (as every other idempotent writer does), so that a used key is replayed before anything.
 *
 * The rules are decision 0002's, as before: a known key replays its stored outcome (422 if its
 * request differs) whatever the sequence number; a number other than `last_seq + 1` is refused with
 * 409 and `expected_seq`, and the rollback leaves the key unused; a submitted application refuses
 * the save (409, decision 0005); per field the newer edit wins, a tie goes to the later arrival.
 *
 * The server's time of the save is the database's clock, read under the application lock (one
 * clock for every API process; later than every save of this user applied before), shifted by
 * `clockOffsetMs`, how far the app's clock is from the system clock (0 but in tests).
 */
export async function saveAnswers(
  statements: StatementRunner,
  request: {
    /** The session token the request carries: the save checks it itself (migration 0012). */
    sessionToken: string;
    key: string;
    requestHash: string;
    client: ClientSequence | null;
    save: AnswerRequest;
    clock: () => Date;
    clockOffsetMs: number;
  },
): Promise<IdempotentResult | typeof SIGNED_OUT> {
  const { sessionToken, key, requestHash, client, save, clock, clockOffsetMs } = request;
  const fields = JSON.stringify(
    Object.entries(save.answers).map(([field, value]) => ({
      k: field,
      v: value,
      // Without an edit time, the field takes the server's time of the save (in the database).
      e: Object.hasOwn(save.editedAt, field) ? save.editedAt[field] : null,
    })),
  );
  try {
    const [saved] = await statements.run<{ body: Record<string, unknown> | null }>(SAVE, [
      hashSessionToken(sessionToken),
      ...sessionCheckParameters(clock()),
      key,
      requestHash,
      client?.clientId ?? null,
      client?.seq ?? null,
      fields,
      clockOffsetMs,
      SAVED_MESSAGE,
    ]);
    if (!saved) throw new Error("the save statement returned no row");
    // answer_save_signed_in's NULL: the session is not active, nothing was saved.
    if (saved.body === null) return SIGNED_OUT;
    return { statusCode: 200, body: saved.body, replayed: false };
  } catch (error) {
    if (!isSlowPath(error) && !isDeadlock(error)) throw error;
  }
  // The raise rolled the session's activity back with the rest: the session is checked again.
  const user = await findActiveSession(statements, sessionToken, clock());
  if (!user) return SIGNED_OUT;
  const slowly = () =>
    saveSlowly(statements, { userId: user.userId, key, requestHash, client, clock, clockOffsetMs, fields });
  try {
    return await slowly();
  } catch (error) {
    if (!isDeadlock(error)) throw error;
    return slowly();
  }
}

/** saveAnswers' outcome when the request's session is not (or no longer) active. */
export const SIGNED_OUT = Symbol("signed out");

/** The SQLSTATE answer_save raises for a case its one statement does not handle. */
export const SLOW_PATH_SQLSTATE = "AS001";

const sqlState = (error: unknown) =>
  typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;

const isSlowPath = (error: unknown) => sqlState(error) === SLOW_PATH_SQLSTATE;

/**
 * PostgreSQL ended one of two saves waiting on each other (40P01, nothing of it kept). The common
 * save takes the key last and the slow path first (migration 0013), so two requests sharing a key
 * can wait on each other when one is in each; whichever was ended goes (again) the slow way, which
 * then finds the other's key or claims it.
 */
const isDeadlock = (error: unknown) => sqlState(error) === "40P01";

// $1 the session token's hash, $2 now, $3 the idle timeout (ms), $4 the touch interval (ms), $5
// key, $6 request hash, $7 client id, $8 seq (both null without the headers), $9 the fields as JSON
// [{ k, v, e: edit time in ms or null }], $10 clock offset (ms), $11 the message.
const SAVE: Statement = {
  name: "answer_save_signed_in",
  text: `select answer_save_signed_in($1::text, $2::timestamptz, $3::bigint, $4::bigint,
  $5::text, $6::text, $7::text, $8::bigint, $9::jsonb, $10::bigint, $11::text) as body`,
};

// $1 user, $2 key, $3 fields, $4 the next revision, $5 clock offset (ms), $6 the message.
const WRITE_ANSWERS: Statement = {
  name: "answer_save_write",
  text: `select answer_save_write($1::uuid, $2::text, $3::jsonb, $4::bigint, $5::bigint, $6::text) as body`,
};

/**
 * The rare cases, as a transaction of their own statements: CLAIM_ADVANCE_LOCK, then a replay, a
 * new device or a number out of order, a first save, or a submitted application; then the write.
 */
async function saveSlowly(
  statements: StatementRunner,
  request: Omit<Parameters<typeof saveAnswers>[1], "sessionToken" | "save"> & {
    userId: string;
    fields: string;
  },
): Promise<IdempotentResult> {
  const { userId, key, requestHash, client, clock, clockOffsetMs, fields } = request;
  return statements.transaction(async (run) => {
    const [claim] = await run<{ claimed: boolean; advanced: boolean; revision: unknown; submitted: boolean }>(
      CLAIM_ADVANCE_LOCK,
      [userId, key, requestHash, client?.clientId ?? null, client?.seq ?? null, clock()],
    );
    if (!claim?.claimed) return replay(run, userId, key, requestHash);
    if (client && !claim.advanced) await advanceSlowly(run, userId, client, clock());
    const lock =
      claim.revision === null || claim.revision === undefined
        ? await lockApplication(run, userId, clock())
        : { revision: Number(claim.revision), submitted: claim.submitted };
    if (lock.submitted) throw new HttpError(409, SUBMITTED_READ_ONLY_MESSAGE, { body: { submitted: true } });
    const [written] = await run<{ body: Record<string, unknown> | null }>(WRITE_ANSWERS, [
      userId,
      key,
      fields,
      lock.revision + 1,
      clockOffsetMs,
      SAVED_MESSAGE,
    ]);
    if (!written?.body) throw new Error("the save statement returned no outcome");
    return { statusCode: 200, body: written.body, replayed: false };
  });
}

// $1 user, $2 idempotency key, $3 request hash, $4 client id, $5 seq (both null without the
// headers), $6 now. The later steps run only when the earlier ones succeeded; each answer is read
// from a one-time condition, so the key is claimed (waiting for a concurrent duplicate to commit
// or roll back) before the sequence row is touched, and the sequence before the application.
const CLAIM_ADVANCE_LOCK: Statement = {
  name: "answer_save_claim_advance_lock",
  text: `
with claim as (
  insert into idempotency_keys (user_id, key, request_hash, status_code, response)
  values ($1::uuid, $2::text, $3::text, 0, '{}'::jsonb)
  on conflict do nothing
  returning 1
), advanced as (
  update client_sequences set last_seq = $5::bigint, updated_at = $6::timestamptz
  where exists (select from claim)
    and user_id = $1::uuid and client_id = $4::text and last_seq = $5::bigint - 1
  returning 1
), locked as (
  select answer_revision, submitted_at from applications
  where exists (select from claim) and ($4::text is null or exists (select from advanced))
    and user_id = $1::uuid
  for update
)
select exists (select from claim) as claimed,
  exists (select from advanced) as advanced,
  locked.answer_revision as revision,
  locked.submitted_at is not null as submitted
from (values (1)) as one left join locked on true`,
};

const READ_OUTCOME: Statement = {
  name: "idempotency_read_outcome",
  text: "select request_hash, status_code, response from idempotency_keys where user_id = $1::uuid and key = $2::text",
};

/** The key was used before (or by a concurrent request that has committed): its outcome again. */
async function replay(
  run: RunStatement,
  userId: string,
  key: string,
  requestHash: string,
): Promise<IdempotentResult> {
  const [stored] = await run<{
    request_hash: string;
    status_code: number;
    response: Record<string, unknown>;
  }>(READ_OUTCOME, [userId, key]);
  if (!stored) throw new Error("idempotency row vanished between conflict and read");
  if (stored.request_hash !== requestHash) throw new HttpError(422, KEY_REUSED_MESSAGE);
  return { statusCode: stored.status_code, body: stored.response, replayed: true };
}

const CREATE_SEQUENCE: Statement = {
  name: "client_sequence_create",
  text: `insert into client_sequences (user_id, client_id, last_seq, updated_at)
values ($1::uuid, $2::text, 0, $3::timestamptz)
on conflict (user_id, client_id) do nothing returning 1`,
};
const ADVANCE_SEQUENCE: Statement = {
  name: "client_sequence_advance",
  text: `update client_sequences set last_seq = $3::bigint, updated_at = $4::timestamptz
where user_id = $1::uuid and client_id = $2::text and last_seq = $3::bigint - 1 returning 1`,
};
const LOCK_SEQUENCE: Statement = {
  name: "client_sequence_lock",
  text: "select last_seq from client_sequences where user_id = $1::uuid and client_id = $2::text for update",
};

/**
 * Rule 1 of decision 0002 when the one-statement advance found no row to move on: a new device (its
 * row starts at 0), or a number out of order (409 with `expected_seq`; the throw rolls the
 * transaction back). A request of the same device that committed meanwhile is seen under the lock.
 */
async function advanceSlowly(
  run: RunStatement,
  userId: string,
  { clientId, seq }: ClientSequence,
  now: Date,
): Promise<void> {
  const created = await run(CREATE_SEQUENCE, [userId, clientId, now]);
  const advance = () => run(ADVANCE_SEQUENCE, [userId, clientId, seq, now]);
  if (created.length > 0 && (await advance()).length > 0) return;
  const [row] = await run<{ last_seq: unknown }>(LOCK_SEQUENCE, [userId, clientId]);
  if (!row) throw new Error("client sequence row vanished after insert");
  const expected = Number(row.last_seq) + 1;
  if (seq === expected && (await advance()).length > 0) return;
  const message = seq < expected ? SUPERSEDED_MESSAGE : GAP_MESSAGE;
  throw new HttpError(409, message, { body: { expected_seq: expected } });
}

const CREATE_APPLICATION: Statement = {
  name: "application_create",
  text: `insert into applications (user_id, created_at, updated_at) values ($1::uuid, $2::timestamptz, $2::timestamptz)
on conflict (user_id) do nothing`,
};
const LOCK_APPLICATION: Statement = {
  name: "application_lock",
  text: `select answer_revision, submitted_at is not null as submitted from applications
where user_id = $1::uuid for update`,
};

/**
 * services/applications.ts's lockApplication in these statements: locks the row, creating it the
 * first time (a concurrent first write waits for the other's insert, then locks its row).
 */
async function lockApplication(
  run: RunStatement,
  userId: string,
  now: Date,
): Promise<{ revision: number; submitted: boolean }> {
  const lock = () => run<{ answer_revision: unknown; submitted: boolean }>(LOCK_APPLICATION, [userId]);
  let [row] = await lock();
  if (!row) {
    await run(CREATE_APPLICATION, [userId, now]);
    [row] = await lock();
  }
  if (!row) throw new Error("application row vanished after insert");
  return { revision: Number(row.answer_revision), submitted: row.submitted };
}
