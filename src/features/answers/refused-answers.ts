// The answers the server refused as invalid, by key, with the reason: fields read them to show
// "Not saved: …". Fed by the sync client from the queue (so every tab sees the same), and
// counted in the header status.
import { KeyedListeners } from "../../lib/keyed-listeners";
import type { RefusedAnswer } from "./sync-queue";
import { updateSyncStatus } from "./sync-status";

let reasons: ReadonlyMap<string, string> = new Map();
const listeners = new KeyedListeners();

/** Why the server refused `key`'s answer, or undefined when it did not. */
export function refusalOf(key: string): string | undefined {
  return reasons.get(key);
}

export function subscribeRefusal(key: string, listener: () => void): () => void {
  return listeners.subscribe(key, listener);
}

/** Replaces the refused answers (in queue order); only fields whose reason changed re-render. */
export function setRefusedAnswers(refused: readonly RefusedAnswer[]): void {
  const next = new Map(refused.map((answer) => [answer.key, answer.reason]));
  const previous = reasons;
  reasons = next;
  for (const key of new Set([...previous.keys(), ...next.keys()])) {
    if (previous.get(key) !== next.get(key)) listeners.notify(key);
  }
  updateSyncStatus({ refused: next.size, firstRefused: refused[0]?.key ?? null });
}
