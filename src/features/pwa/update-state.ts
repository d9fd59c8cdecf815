// Whether a new version of the app is waiting, as a tiny observable: register-service-worker.ts
// writes to it, the update prompt renders it.

export type UpdateStatus =
  /** Nothing new, or the applicant chose "Later" for this page load. */
  | "none"
  /** A new version is installed and waits for the applicant's go-ahead. */
  | "available"
  /** "Reload" was pressed: waiting for local writes, then for the new version to take over. */
  | "applying";

type Listener = () => void;

let status: UpdateStatus = "none";
let apply: (() => Promise<void>) | null = null;
const listeners = new Set<Listener>();

function setStatus(next: UpdateStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

export function getUpdateStatus(): UpdateStatus {
  return status;
}

export function subscribeUpdateStatus(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A new version is waiting; `applyUpdate` runs `activate` when the applicant agrees. */
export function offerUpdate(activate: () => Promise<void>): void {
  apply = activate;
  if (status !== "applying") setStatus("available");
}

/** "Later": hide the prompt. The waiting version is offered again on the next page load. */
export function dismissUpdate(): void {
  if (status === "available") setStatus("none");
}

/** "Reload": hands over to the waiting version. If that fails, the prompt is offered again. */
export async function applyUpdate(): Promise<void> {
  if (!apply || status === "applying") return;
  setStatus("applying");
  try {
    await apply();
  } catch (error) {
    setStatus("available");
    throw error;
  }
}

/** Test helper: back to the initial state, with no subscribers. */
export function resetUpdateStateForTests(): void {
  status = "none";
  apply = null;
  listeners.clear();
}
