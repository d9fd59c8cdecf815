// One simulated applicant on deadline night (bench/peak.ts), as the client behaves (decision 0002,
// 0014): signs in, loads the profile, then page by page sends its answers coalesced every 1–3 s
// (one device numbering its batches, a fresh Idempotency-Key each, sent again unchanged after no
// answer, a 5xx or a 429, with the client's backoff), sends its last page on each change of page,
// now and then uploads a document (presigned post, then recorded, its conversion polled every 2 s
// as the client does), and submits at the end.
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { PAGE_OF_KEY } from "../../src/form/answer-keys";
import { TWO_COLLEGE_APPLICATION } from "../../tests/helpers/complete-application";
import { type Browser, multipart, NoAnswer, type Reply } from "./http";
import type { ApplicantLedger, Route, StepRecord } from "./record";

const JSON_HEADERS = { "Content-Type": "application/json", "X-Admissions-Client": "1" };
const PAGES = [
  ["about", "/about", null],
  ["education", "/education", "college_transcript"],
  ["final-steps", "/final-steps", "resume_file"],
] as const;
/** Saves per page: a page's ≈ 24 answers typed over three coalesced batches. */
const SAVES_PER_PAGE = 3;

export type Life = {
  browser: Browser;
  record: StepRecord;
  /** Share of pages with a file question on which a document is uploaded. */
  uploadShare: number;
  upload: { name: string; type: string; bytes: Buffer };
};

/** The answers of one page, in the order typed, some first as a prefix (typed, then finished). */
function pageEdits(page: string): Record<string, string>[] {
  const keys = Object.keys(TWO_COLLEGE_APPLICATION).filter(
    (key) => (PAGE_OF_KEY.get(key) ?? PAGE_OF_KEY.get(key.replace(/_desc$/, ""))) === page,
  );
  const batches: Record<string, string>[] = Array.from({ length: SAVES_PER_PAGE }, () => ({}));
  keys.forEach((key, index) => {
    const value = TWO_COLLEGE_APPLICATION[key] as string;
    const batch = Math.floor((index * SAVES_PER_PAGE) / keys.length);
    const later = batches[Math.min(SAVES_PER_PAGE - 1, batch + 1)] as Record<string, string>;
    const now = batches[batch] as Record<string, string>;
    // A third of the longer answers arrive half typed first; the whole answer follows in the next batch.
    if (value.length > 3 && batch < SAVES_PER_PAGE - 1 && Math.random() < 0.33) {
      now[key] = value.slice(0, Math.ceil(value.length / 2));
      later[key] = value;
    } else now[key] = value;
  });
  return batches;
}

/** The client's backoff (sync-worker.ts retryDelay): 1 s doubling, ±20 % jitter. */
const backoff = (attempt: number) => Math.min(60_000, 1_000 * 2 ** attempt) * (0.8 + 0.4 * Math.random());

const retryable = (reply: Reply) => reply.status >= 500 || reply.status === 429;

/**
 * Sends one request until it is answered with something other than server trouble, as the client
 * does; each attempt's time is recorded under `route`. Resolves with the final reply.
 */
async function until(life: Life, route: Route, send: () => Promise<Reply>): Promise<Reply> {
  for (let attempt = 0; ; attempt++) {
    const startedAt = performance.now();
    try {
      const reply = await send();
      const ok = reply.status >= 200 && reply.status < 300;
      life.record.add(route, startedAt, performance.now() - startedAt, ok);
      if (!retryable(reply)) return reply;
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      life.record.add(route, startedAt, performance.now() - startedAt, false);
    }
    life.record.retries++;
    await sleep(backoff(attempt));
  }
}

function expectOk(life: Life, what: string, reply: Reply, ...statuses: number[]): boolean {
  if ((statuses.length ? statuses : [200]).includes(reply.status)) return true;
  life.record.refusals.push(`${what}: ${reply.status} ${reply.body.slice(0, 200)}`);
  return false;
}

export async function liveOnce(life: Life, username: string): Promise<void> {
  const { browser } = life;
  const signedIn = await until(life, "sign-in", () =>
    browser.send("POST", "/__test__/session", { headers: JSON_HEADERS, body: JSON.stringify({ username }) }),
  );
  if (!expectOk(life, "sign-in", signedIn)) return;
  browser.cookie = [signedIn.headers["set-cookie"] ?? []]
    .flat()
    .map((cookie) => cookie.split(";", 1)[0])
    .join("; ");
  const ledger: ApplicantLedger = { username, device: randomUUID(), saves: [], submitted: false };
  life.record.ledgers.push(ledger);
  const profile = await until(life, "GET /api/profile", () =>
    browser.send("GET", "/api/profile", { headers: { "X-Admissions-Client": "1" } }),
  );
  if (!expectOk(life, "profile", profile)) return;

  let seq = 0;
  const uploads: Promise<void>[] = [];
  const polls: Promise<void>[] = [];
  const ended = { value: false };
  for (const [page, path, fileKey] of PAGES) {
    const lastPage = JSON.stringify({ last_page: path });
    const moved = await until(life, "PUT /api/last-page", () =>
      browser.send("PUT", "/api/last-page", {
        headers: { ...JSON_HEADERS, "Idempotency-Key": randomUUID() },
        body: lastPage,
      }),
    );
    if (!expectOk(life, "last page", moved)) return;
    if (fileKey && Math.random() < life.uploadShare) {
      uploads.push(
        uploadDocument(life, fileKey).then((path) => void (path && polls.push(poll(life, path, ended)))),
      );
    }
    for (const answers of pageEdits(page)) {
      await sleep(1_000 + 2_000 * Math.random());
      seq++;
      if (!(await save(life, ledger, answers, seq))) return;
    }
  }
  // Submit waits for the files to be recorded (the client sends its queues first), not converted.
  await Promise.all(uploads);
  const submitted = await until(life, "POST /api/submit", () =>
    browser.send("POST", "/api/submit", { headers: { ...JSON_HEADERS, "Idempotency-Key": randomUUID() } }),
  );
  ledger.submitted = expectOk(life, "submit", submitted);
  ended.value = true;
  await Promise.all(polls);
}

/** One coalesced batch, sent until acknowledged (same key, same number each time). */
async function save(
  life: Life,
  ledger: ApplicantLedger,
  answers: Record<string, string>,
  seq: number,
): Promise<boolean> {
  const key = randomUUID();
  const editedAt = Date.now();
  const edited = Object.fromEntries(Object.keys(answers).map((field) => [field, editedAt]));
  const body = JSON.stringify({ answers, edited_at: edited });
  const headers = {
    ...JSON_HEADERS,
    "Idempotency-Key": key,
    "X-Client-Id": ledger.device,
    "X-Client-Seq": String(seq),
  };
  const reply = await until(life, "PUT /api/answer", () =>
    life.browser.send("PUT", "/api/answer", { headers, body }),
  );
  if (!expectOk(life, "save", reply)) return false;
  ledger.saves.push({
    key,
    fields: Object.fromEntries(Object.entries(answers).map(([field, value]) => [field, { value, editedAt }])),
  });
  return true;
}

/** Presigns, posts and records a document; resolves with its status path once recorded. */
async function uploadDocument(life: Life, answerKey: string): Promise<string | null> {
  const { browser, upload } = life;
  const presigned = await until(life, "POST /api/presigned-url", () =>
    browser.send("POST", "/api/presigned-url", {
      headers: JSON_HEADERS,
      body: JSON.stringify({ answer_key: answerKey }),
    }),
  );
  if (!expectOk(life, "presign", presigned)) return null;
  const { url, fields } = JSON.parse(presigned.body) as { url: string; fields: Record<string, string> };
  const form = multipart(fields, upload);
  const stored = await until(life, "POST /files/upload", () =>
    browser.send("POST", new URL(url, "http://x").pathname, {
      headers: { "Content-Type": form.contentType },
      body: form.body,
    }),
  );
  if (!expectOk(life, "upload", stored, 200, 201, 204)) return null;
  const path = `/api/pdf/document-answer/${answerKey}`;
  const recorded = await until(life, "POST /api/pdf/document-answer", () =>
    browser.send("POST", path, {
      headers: JSON_HEADERS,
      body: JSON.stringify({ file_key: fields.key, file_name: upload.name }),
    }),
  );
  return expectOk(life, "record", recorded, 200, 202) ? path : null;
}

/** The client's poll of a conversion: every 2 s until it ends, or the applicant has left. */
async function poll(life: Life, path: string, ended: { value: boolean }): Promise<void> {
  while (!ended.value) {
    await sleep(2_000);
    const state = await until(life, "GET /api/pdf/document-answer", () =>
      life.browser.send("GET", path, { headers: { "X-Admissions-Client": "1" } }),
    );
    if (!expectOk(life, "conversion status", state)) return;
    const { status } = JSON.parse(state.body) as { status: string };
    if (status === "COMPLETED" || status === "FAILED") return;
  }
}
