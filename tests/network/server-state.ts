import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type pg from "pg";

// What the server holds for the applicant, read from its database and its object store (DATA_DIR/
// objects, the local disk store), and what the device holds, read from the page's IndexedDB.

export type ServerState = {
  userId: string;
  answers: Record<string, string>;
  /** The device's batches the server applied: its sequence number per client. */
  lastSeq: Record<string, number>;
  /** Idempotency keys the server recorded with a 200. */
  keys: Set<string>;
  documents: { key: string; fileName: string; fileSize: number; bytes: Buffer }[];
  conversions: { key: string; status: string }[];
  /** Uploads stored for each question, recorded or not (one recorded; more are orphans of retries). */
  uploadsStored: Record<string, number>;
  submitted: boolean;
};

export async function serverState(db: pg.Pool, dataDir: string, username: string): Promise<ServerState> {
  const one = async <T extends Record<string, unknown>>(text: string) =>
    (await db.query<T>(text, [username])).rows;
  const byUser = "join users u on u.id = t.user_id where u.username = $1";
  const [user] = await one<{ id: string }>("select id from users where username = $1");
  if (!user) throw new Error(`no user ${username}`);
  const answers = await one<{ key: string; value: string }>(`select t.key, t.value from answers t ${byUser}`);
  const sequences = await one<{ client_id: string; last_seq: string }>(
    `select t.client_id, t.last_seq from client_sequences t ${byUser}`,
  );
  const keys = await one<{ key: string }>(
    `select t.key from idempotency_keys t ${byUser} and t.status_code = 200`,
  );
  const documents = await one<{
    answer_key: string;
    object_key: string;
    file_name: string;
    file_size: number;
  }>(`select t.answer_key, t.object_key, t.file_name, t.file_size from document_answers t ${byUser}`);
  const conversions = await one<{ answer_key: string; status: string }>(
    `select t.answer_key, t.status from document_conversions t ${byUser}`,
  );
  const [application] = await one<{ submitted: boolean }>(
    `select t.submitted_at is not null as submitted from applications t ${byUser}`,
  );
  const objects = path.join(dataDir, "objects");
  const uploadsDir = path.join(objects, "applicants", user.id, "uploads");
  const uploadsStored: Record<string, number> = {};
  for (const question of safeList(uploadsDir))
    uploadsStored[question] = safeList(path.join(uploadsDir, question)).length;
  return {
    userId: user.id,
    answers: Object.fromEntries(answers.map((row) => [row.key, row.value])),
    lastSeq: Object.fromEntries(sequences.map((row) => [row.client_id, Number(row.last_seq)])),
    keys: new Set(keys.map((row) => row.key)),
    documents: documents.map((row) => ({
      key: row.answer_key,
      fileName: row.file_name,
      fileSize: row.file_size,
      bytes: readFileSync(path.join(objects, ...row.object_key.split("/"))),
    })),
    conversions: conversions.map((row) => ({ key: row.answer_key, status: row.status })),
    uploadsStored,
    submitted: application?.submitted ?? false,
  };
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

export type DeviceState = {
  answers: Record<string, string>;
  /** Changes waiting for the server (answers and actions, refused ones apart), and files waiting. */
  queued: number;
  uploadsQueued: number;
};

export function deviceState(page: Page, owner: string): Promise<DeviceState> {
  return page.evaluate(async (owner) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open("admissions");
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const tx = db.transaction(["answers", "queue", "uploads"], "readonly");
      const answers = tx.objectStore("answers").index("owner").getAll(owner);
      const queue = tx.objectStore("queue").index("owner").getAll(owner);
      const uploads = tx.objectStore("uploads").index("owner").count(owner);
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      return {
        answers: Object.fromEntries(
          (answers.result as { key: string; value: string }[]).map((row) => [row.key, row.value]),
        ),
        queued: (queue.result as { refused?: string }[]).filter((entry) => !entry.refused).length,
        uploadsQueued: uploads.result,
      };
    } finally {
      db.close();
    }
  }, owner);
}
