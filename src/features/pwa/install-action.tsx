import { useSyncExternalStore } from "react";
import { Button } from "react-aria-components";
import { isStandalone } from "./display-mode";

/** Chromium's install offer (not in lib.dom). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

// The browser may make its offer before React has rendered the header, so the listeners start
// with this module (part of the first bundle) and keep the event until someone renders the button.
let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setOffer(next: BeforeInstallPromptEvent | null): void {
  offer = next;
  for (const listener of listeners) listener();
}

if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    // Keep the browser's own mini-infobar away: the header offers installation instead.
    event.preventDefault();
    setOffer(event as BeforeInstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => setOffer(null));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getOffer = () => offer;
const noOffer = () => null;

async function install(event: BeforeInstallPromptEvent): Promise<void> {
  try {
    await event.prompt();
    await event.userChoice;
  } finally {
    // An offer can be used once; if the applicant declined, the browser may make a new one later.
    if (offer === event) setOffer(null);
  }
}

/**
 * "Install app", shown only while the browser offers installation. It sits in the footer, like the
 * iOS hint: the offer comes seconds after load, and in the header its button wrapped the header's
 * tools onto a second row on a phone, pushing the page down under the applicant's finger (a layout
 * shift Lighthouse caught, issue 15).
 */
export function InstallAction() {
  const current = useSyncExternalStore(subscribe, getOffer, noOffer);
  if (!current || isStandalone()) return null;
  return (
    <div className="install-hint">
      <p className="install-hint__text">Keep this application on your home screen.</p>
      <Button
        className="link-button"
        onPress={() =>
          install(current).catch((error: unknown) => console.warn("install prompt failed", error))
        }
      >
        Install app
      </Button>
    </div>
  );
}
