// Non-answer changes (add-another counts, tab choices, web statuses…) that left the queue without
// reaching the server, as the failure policy drops them (refused; for tabs and add-another also a
// server problem). The feature that queued one hears of it here, to say so and show the server's
// value again.
import type { Failure } from "../../lib/failure";
import type { ActionKind } from "./local-db";

export type DroppedAction = { kind: ActionKind; payload: unknown; failure: Failure };

const listeners = new Set<(dropped: DroppedAction) => void>();

export function onActionDropped(listener: (dropped: DroppedAction) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyActionDropped(dropped: DroppedAction): void {
  for (const listener of listeners) listener(dropped);
}
