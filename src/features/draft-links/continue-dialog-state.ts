import { useSyncExternalStore } from "react";

// Whether the "Continue on another device" dialog is open. Kept outside the controls that open it:
// the account popover closes as the dialog opens, and the dialog must outlive it.

export const CONTINUE_LABEL = "Continue on another device";

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
