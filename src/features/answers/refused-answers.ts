// The answers the server refused as invalid, by key, with the reason: fields read them to show
// "Not saved: …". Fed by the sync worker's watch on the queue (so every tab sees the same), and
// counted in the header status.
import { KeyedListeners } from "../../lib/keyed-listeners";
import type { RefusedAnswer } from "./sync-queue";
import { type SyncStatus, updateSyncStatus } from "./sync-status";

/** In queue order (the first refused first). */
let reasons: ReadonlyMap<string, string> = new Map();
const listeners = new KeyedListeners();

/** The line a field shows for an answer the server refused. */
export const notSavedMessage = (reason: string) => `Not saved: ${reason}`;

/** A field's refused keys: its own and their `_desc` companions (a coded answer's label). */
export const refusalKeysOf = (keys: readonly string[]) => keys.flatMap((key) => [key, `${key}_desc`]);

/** Why the server refused `key`'s answer, or undefined when it did not. */
export function refusalOf(key: string): string | undefined {
  return reasons.get(key);
}

/** Every refused key, the first refused first. */
export function refusedKeys(): string[] {
  return [...reasons.keys()];
}

export function subscribeRefusal(key: string, listener: () => void): () => void {
  return listeners.subscribe(key, listener);
}

/**
 * Replaces the refused answers (in queue order); only fields whose reason changed re-render. The
 * header's count changes in the same update as `status` (e.g. the waiting count read with them).
 */
export function setRefusedAnswers(refused: readonly RefusedAnswer[], status: Partial<SyncStatus> = {}): void {
  const next = new Map(refused.map((answer) => [answer.key, answer.reason]));
  const previous = reasons;
  reasons = next;
  for (const key of new Set([...previous.keys(), ...next.keys()])) {
    if (previous.get(key) !== next.get(key)) listeners.notify(key);
  }
  updateSyncStatus({ ...status, refused: next.size, firstRefused: refused[0]?.key ?? null });
}
