// `npm run bench` (part): 1,000 edits queued while offline, then replayed to a real server over
// HTTP: how long until the queue is empty, and how many requests it took.
import "fake-indexeddb/auto";
import { LocalDb } from "../src/features/answers/local-db";
import { SyncClient } from "../src/features/answers/sync-client";
import type { Batch } from "../src/features/answers/sync-queue";
import { ABOUT_KEYS, EDUCATION_KEYS } from "../src/form/answer-keys";
import { ApiError } from "../src/lib/api-client";
import type { AnswerOutcome } from "../src/shared/api-types";
import { createTestApp, signedInUser } from "../tests/helpers/test-app";

const EDITS = 1_000;
const test = await createTestApp();
const address = await test.app.listen({ port: 0, host: "127.0.0.1" });
const user = await signedInUser(test);
const keys = [...ABOUT_KEYS, ...EDUCATION_KEYS].slice(0, 200);

let online = false;
let requests = 0;
const send = async (batch: Batch): Promise<AnswerOutcome | undefined> => {
  if (!online) throw new ApiError("network", "offline");
  requests += 1;
  const response = await fetch(`${address}/api/answer`, {
    method: "PUT",
    headers: {
      "Content-Type": "application/json",
      cookie: user.cookie,
      "X-Admissions-Client": "1",
      "Idempotency-Key": batch.batchId,
      "X-Client-Id": "bench-device-0001",
      "X-Client-Seq": String(batch.seq),
    },
    body: JSON.stringify({ answers: batch.answers, edited_at: batch.editedAt }),
  });
  if (!response.ok) throw new ApiError("server", await response.text(), response.status);
  return (await response.json()) as AnswerOutcome;
};

const db = new LocalDb("bench-replay");
const client = new SyncClient(
  () => db,
  async () => send,
  { debounceMs: 1e9, baseDelayMs: 1e9 },
);
await client.open(user.username, { answers: {}, serverTime: Date.now() });

const typingStarted = performance.now();
for (let i = 0; i < EDITS; i++) await client.store.set(keys[i % keys.length] as string, `value ${i}`);
const typingMs = performance.now() - typingStarted;

online = true;
const replayStarted = performance.now();
await client.flush();
const replayMs = performance.now() - replayStarted;
const left = await client.pending();

console.log(
  `queued ${EDITS} edits of ${keys.length} fields offline: ${(typingMs / EDITS).toFixed(2)} ms per edit (fake-indexeddb)`,
);
console.log(
  `replay of ${EDITS} queued edits: ${Math.round(replayMs)} ms, ${requests} request(s), ${left} left`,
);

client.close();
await db.delete();
await test.close();
