// The app's start-up past React itself: the router and the shell (the service worker registers, and
// the device's sync engine loads, once the first page is on screen: decision 0020). A file of its
// own (vite.config.ts), which main.tsx asks for beside the page's code, so that the one script the
// HTML names, and the first paint waits for in Lighthouse's model, is React (issue 15).
import type { ReactNode } from "react";
import { RouterProvider } from "react-router-dom";
import { STATIC_SHELL_ATTRIBUTE } from "../features/shell/static-shell-attribute";
import { preloadWhenIdle } from "../lib/preload-when-idle";
import { createAppRouter } from "./router";
import { WARM_UPS } from "./warm-ups";

/** Waits for a task of its own, named on the performance timeline (main.tsx's `step`). */
export type Step = (name: string) => Promise<void>;

export type PreparedApp = {
  /** What React renders as the app. */
  element: ReactNode;
  /**
   * Resolves when the app may replace what #root holds: at once, but over a prerendered first
   * screen (decision 0018) once the route's data and module are loaded, so the page replaces it
   * in one commit rather than with the loading overlay in between.
   */
  ready: Promise<void>;
};

/** Schedules the service worker's registration, does the warm-ups and creates the router, each in a step. */
export async function prepareApp(container: HTMLElement, step: Step): Promise<PreparedApp> {
  // Once the first page is on screen: the new worker's install downloads every page's code, which
  // must not share a phone's bandwidth with the first screen's (issue 15).
  preloadWhenIdle(async () => (await import("./register-service-worker")).registerServiceWorker());
  for (const [index, warmUp] of WARM_UPS.entries()) {
    await step(`warm-up ${index}`);
    warmUp();
  }
  await step("router");
  const router = createAppRouter();
  const element = <RouterProvider router={router} />;
  if (container.querySelector(`[${STATIC_SHELL_ATTRIBUTE}]`) === null || router.state.initialized) {
    return { element, ready: Promise.resolve() };
  }
  const ready = new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
  return { element, ready };
}
