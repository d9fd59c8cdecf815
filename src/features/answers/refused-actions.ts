// Non-answer changes (add-another counts, tab choices, web statuses…) the server refused for what
// they are. The sync worker drops them (they would be refused forever); the feature that queued
// one hears of it here, to say so and undo it on the device.
import type { ApiError } from "../../lib/api-client";
import type { ActionKind } from "./local-db";

export type RefusedAction = { kind: ActionKind; payload: unknown; error: ApiError };

const listeners = new Set<(refused: RefusedAction) => void>();

export function onActionRefused(listener: (refused: RefusedAction) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyActionRefused(refused: RefusedAction): void {
  for (const listener of listeners) listener(refused);
}
