import type { BrowserContext } from "@playwright/test";
import type pg from "pg";

// What the header said, and whether it was true (issue 33). Every change of the header's save
// status in every tab is reported at once to the test (a binding). When it says "All changes
// saved", the page takes a snapshot of the device's store in a transaction opened that same moment
// (IndexedDB orders it after every write made before). A header may show the state of a moment
// ago (a write's notice and a render take time); so a claim still on screen HELD_MS later is a
// claim, and it must be true: each answer the device held when it was made is on the server (as
// it is, or overtaken by a newer edit), and nothing of the device's queue then is still waiting.
// A claim replaced within HELD_MS that was not true is kept apart ("brief") and printed with what
// the server lacked and how long before the claim the device had written it, so a race between a
// keystroke and the header can be told from a header that lies.

export type HeaderChange = { at: number; text: string; tab: string };
export type DeviceSnapshot = {
  answers: { owner: string; key: string; value: string; editedAt: number }[];
  queued: { owner: string; key: string; editedAt: number; refused?: string }[];
  uploads: { owner: string; key: string }[];
};
export type Claim = HeaderChange & { id: number; snapshot: DeviceSnapshot | null };

/** How long "All changes saved" must stay on screen to count as a claim (see the top). */
export const HELD_MS = 1_000;

export const SAVED = "All changes saved";
/** The header's offline sentence (src/features/answers/sync-status.ts). */
export const OFFLINE = /will sync when you're back online/;

/**
 * Runs in every page (plain JavaScript, not a serialised function, so no compiler helper leaks
 * in): reports each change of the header's status, with a snapshot of the store for "saved".
 */
const WATCH_HEADER = `(() => {
  const saved = ${JSON.stringify(SAVED)};
  let db = null;
  let opening = false;
  const open = async () => {
    if (db || opening) return;
    opening = true;
    try {
      // Never create the app's database: open it only once the app has.
      if (!(await indexedDB.databases()).some((d) => d.name === "admissions")) return;
      db = await new Promise((resolve) => {
        const request = indexedDB.open("admissions");
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
      });
      if (db) db.onversionchange = () => { db.close(); db = null; };
    } finally {
      opening = false;
    }
  };
  const snapshot = () => {
    if (!db) return null;
    const stores = ["answers", "queue", "uploads"].filter((name) => db.objectStoreNames.contains(name));
    const tx = db.transaction(stores, "readonly");
    const all = (name) => (stores.includes(name) ? tx.objectStore(name).getAll() : { result: [] });
    const [answers, queued, uploads] = [all("answers"), all("queue"), all("uploads")];
    return new Promise((resolve) => {
      tx.oncomplete = () => resolve({
        answers: answers.result,
        queued: queued.result.map((e) => ({ owner: e.owner, key: e.key, editedAt: e.editedAt, refused: e.refused })),
        uploads: uploads.result.map((e) => ({ owner: e.owner, key: e.key })),
      });
      tx.onerror = () => resolve(null);
    });
  };
  let last = "";
  let claims = 0;
  let current = 0;
  new MutationObserver(() => {
    const text = document.querySelector('[role="status"].sync-status')?.textContent?.trim() ?? "";
    if (text === last) return;
    last = text;
    const at = Date.now();
    void open();
    if (text !== saved) {
      current = 0;
      return void window.__headerChanged({ at, text });
    }
    const id = ++claims;
    current = id;
    void Promise.resolve(snapshot()).then((shot) => window.__headerChanged({ at, text, id, snapshot: shot }));
    setTimeout(() => {
      if (current === id) window.__headerChanged({ at: Date.now(), held: id });
    }, ${HELD_MS});
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

export type HeaderLog = {
  changes: HeaderChange[];
  /** Claims held HELD_MS, checked against the server. */
  claims: Claim[];
  /** Claims held HELD_MS while the server lacked something the device held, or it still waited. */
  falseClaims: string[];
  /** Claims replaced within HELD_MS that were not true when made: what the server lacked. */
  brief: string[];
  /** Claims held while a file was still waiting to be uploaded (the header speaks of answers). */
  claimsWithFilesWaiting: number;
  checks: Promise<void>[];
};

type Reported = { at: number; text?: string; id?: number; held?: number; snapshot?: DeviceSnapshot | null };

/** Watches every tab of `context`; claims are checked against `owner`'s answers in `db`. */
export async function watchHeaders(
  context: BrowserContext,
  db: pg.Pool,
  owner: () => string,
): Promise<HeaderLog> {
  const log: HeaderLog = {
    changes: [],
    claims: [],
    falseClaims: [],
    brief: [],
    claimsWithFilesWaiting: 0,
    checks: [],
  };
  const tabs = new Map<unknown, string>();
  const pending = new Map<string, Claim>();
  await context.exposeBinding("__headerChanged", ({ page }, reported: Reported) => {
    if (!tabs.has(page)) tabs.set(page, `tab ${tabs.size + 1}`);
    const tab = tabs.get(page) as string;
    if (reported.held !== undefined) {
      const claim = pending.get(`${tab} ${reported.held}`);
      if (!claim) return;
      log.claims.push(claim);
      log.checks.push(checkClaim(claim, db, owner(), log, "held"));
      return;
    }
    const change: HeaderChange = { at: reported.at, text: reported.text ?? "", tab };
    log.changes.push(change);
    // The claim before this change in this tab was replaced: if it was not held, was it true?
    for (const [id, claim] of pending) {
      if (claim.tab !== tab) continue;
      pending.delete(id);
      if (!log.claims.includes(claim)) log.checks.push(checkClaim(claim, db, owner(), log, "brief"));
    }
    if (reported.id !== undefined) {
      pending.set(`${tab} ${reported.id}`, {
        ...change,
        id: reported.id,
        snapshot: reported.snapshot ?? null,
      });
    }
  });
  await context.addInitScript({ content: WATCH_HEADER });
  return log;
}

/** Whether everything in the claim's snapshot is on the server now; "held" claims must be. */
async function checkClaim(
  claim: Claim,
  db: pg.Pool,
  owner: string,
  log: HeaderLog,
  kind: "held" | "brief",
): Promise<void> {
  const { snapshot } = claim;
  // A page's first claim may come before its reader has opened the store (it opens on the first change).
  if (!snapshot) return;
  const { rows } = await db.query<{ key: string; value: string; edited: string }>(
    `select a.key, a.value, (extract(epoch from a.edited_at) * 1000)::bigint as edited
     from answers a join users u on u.id = a.user_id where u.username = $1`,
    [owner],
  );
  const stored = new Map(rows.map((row) => [row.key, row]));
  // How long before the claim the device wrote it (editedAt is on the server's clock as the
  // device estimates it, so this is approximate).
  const age = (editedAt: number) => `written ${claim.at - editedAt} ms before`;
  const problems: string[] = [];
  for (const answer of snapshot.answers) {
    // editedAt 0: the value as the server sent it.
    if (answer.owner !== owner || answer.editedAt === 0) continue;
    const row = stored.get(answer.key);
    if (row?.value === answer.value || (row && Number(row.edited) > answer.editedAt)) continue;
    problems.push(
      `the server had ${answer.key} = ${JSON.stringify(row?.value)}, the device ${JSON.stringify(answer.value)} (${age(answer.editedAt)})`,
    );
  }
  const waiting = snapshot.queued.filter((entry) => entry.owner === owner && !entry.refused);
  if (waiting.length > 0)
    problems.push(
      `${waiting.map((entry) => `${entry.key} (${age(entry.editedAt)})`).join(", ")} queued on the device`,
    );
  if (kind === "held" && snapshot.uploads.some((upload) => upload.owner === owner))
    log.claimsWithFilesWaiting++;
  if (problems.length === 0) return;
  const what = `${claim.tab} at ${new Date(claim.at).toISOString()}: "${SAVED}"`;
  if (kind === "brief")
    log.brief.push(`${what}, replaced within ${HELD_MS} ms, while ${problems.join("; ")}`);
  else log.falseClaims.push(`${what} for ${HELD_MS} ms while ${problems.join("; ")}`);
}
