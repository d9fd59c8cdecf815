import { useSyncExternalStore } from "react";
import { Button } from "react-aria-components";
import { PendingButton } from "../../components/pending-button";
import { applyUpdate, dismissUpdate, getUpdateStatus, subscribeUpdateStatus } from "./update-state";

/** The prompt disappears with the focused button: put the keyboard back at the top of the page. */
function later(): void {
  dismissUpdate();
  requestAnimationFrame(() => document.querySelector<HTMLElement>("#main h1, main h1")?.focus());
}

function reload(): void {
  applyUpdate().catch((error: unknown) => console.warn("app update failed", error));
}

/**
 * "A new version is available": a polite, non-modal prompt, rendered once at the root. The status
 * region is always in the page, so screen readers announce the message when it appears.
 */
export function UpdatePrompt() {
  const status = useSyncExternalStore(subscribeUpdateStatus, getUpdateStatus, getUpdateStatus);
  const applying = status === "applying";
  return (
    <div role="status" className="update-prompt-region">
      {status === "none" ? null : (
        <div className="update-prompt">
          <p className="update-prompt__message">A new version is available</p>
          <div className="update-prompt__actions">
            <PendingButton className="button button--primary" isPending={applying} onPress={reload}>
              Reload
            </PendingButton>
            <Button className="button button--secondary" isDisabled={applying} onPress={later}>
              Later
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
