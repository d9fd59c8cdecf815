import { useSyncExternalStore } from "react";

// Whether the "Continue on another device" dialog is open. Kept outside the controls that open it:
// the account popover closes as the dialog opens, and the dialog must outlive it.

/** The button's words (the dialog's title too), and its note offline; Spanish in draft-links.es.json. */
export const CONTINUE_LABEL = "Continue on another device";
export const OFFLINE_NOTE = "You're offline: making a link needs a connection.";

let open = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openContinueDialog = () => setOpen(true);
export const closeContinueDialog = () => setOpen(false);

export function useContinueDialogOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}
