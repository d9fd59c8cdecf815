import { createContext, useContext } from "react";
import type { ClientSnapshot, WebStatus } from "./client-snapshot";

export type SnapshotContextValue = {
  snapshot: ClientSnapshot;
  offline: boolean;
  markPageChanged: () => void;
  /** Moves the web status forward on this device and queues it for the server (spec §4). */
  advanceWebStatus: (status: WebStatus) => Promise<void>;
};

export const SnapshotContext = createContext<SnapshotContextValue | null>(null);

/** The client snapshot of the signed-in (or anonymous) applicant, for any form page component. */
export function useClientSnapshot(): SnapshotContextValue {
  const value = useContext(SnapshotContext);
  if (!value) throw new Error("useClientSnapshot must be used inside the form layout");
  return value;
}
