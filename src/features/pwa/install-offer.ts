import { useSyncExternalStore } from "react";

/** Chromium's install offer (not in lib.dom). */
export interface BeforeInstallPromptEvent extends Event {
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

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getOffer = () => offer;
export const noOffer = () => null;

export async function install(event: BeforeInstallPromptEvent): Promise<void> {
  try {
    await event.prompt();
    await event.userChoice;
  } finally {
    // An offer can be used once; if the applicant declined, the browser may make a new one later.
    if (offer === event) setOffer(null);
  }
}

/** The browser's offer to install, while there is one (the footer loads its button only then). */
export function useInstallOffer(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(subscribe, getOffer, noOffer);
}
