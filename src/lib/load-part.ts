/**
 * Loads a lazily split part of the app's code, and keeps trying while the network is away.
 *
 * On a first visit the network can go before the service worker has stored every part (issue 15
 * split the form into parts that load after the first screen). A failed `import()` is not kept by
 * the browser: the next call fetches again. So a part that failed offline is loaded again once the
 * browser is back online, however long that takes; meanwhile its Suspense fallback stands and
 * the rest of the page works. Online, a failure is tried again after a pause (a flaky network)
 * and given up after ONLINE_TRIES, when the part is truly gone (an old page after a deploy): the
 * caller's error handling then takes over.
 *
 * Some browsers keep a failed import() failed for the page's life (Chromium 153; the HTML
 * standard's module map did until 2024, so older Safari and Firefox too): a part the network took
 * offline then fails online as well, though it is there. For a part that failed offline and then
 * fails all its tries online, the page is reloaded once (`reloadPage`), its answers on the device
 * first, instead of the error screen; the reloaded page fetches the part afresh.
 */

import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { reloadPage } from "./page-reload";

/** What loadPart needs of the browser; tests pass their own. */
export interface Network {
  online(): boolean;
  /** Calls `listener` on the next `online` event; returns a function that stops listening. */
  onOnline(listener: () => void): () => void;
}

export interface LoadPartOptions {
  network?: Network;
  /** Called on each failed try, before waiting to try again (not on the last). */
  onFailure?: (error: unknown) => void;
  /**
   * Reloads the page for a part the browser keeps failed (see above); false when it will not (it
   * reloaded for that reason a moment ago). Tests pass their own; by default reloadForLostPart.
   */
  reloadPage?: () => Promise<boolean>;
}

export const ONLINE_TRIES = 3;
/** The pause after the first failed try online; it doubles after each. */
export const FIRST_PAUSE_MS = 1_000;

const browserNetwork: Network = {
  // Where there is no navigator (a test in Node), the network is taken as there.
  online: () => typeof navigator === "undefined" || navigator.onLine !== false,
  onOnline(listener) {
    window.addEventListener("online", listener, { once: true });
    return () => window.removeEventListener("online", listener);
  },
};

export async function loadPart<T>(load: () => Promise<T>, options: LoadPartOptions = {}): Promise<T> {
  const network = options.network ?? browserNetwork;
  let failedOnline = 0;
  let failedOffline = false;
  for (;;) {
    // A try begun offline that fails is an offline failure, though the network came back before
    // its failure was seen (the browser keeps that import failed all the same).
    const onlineAtStart = network.online();
    try {
      return await load();
    } catch (error) {
      const online = network.online();
      if (!online || !onlineAtStart) failedOffline = true;
      if (online && ++failedOnline >= ONLINE_TRIES) {
        // The page is going: the part is never given to the caller, whose fallback stays meanwhile.
        if (failedOffline && (await (options.reloadPage ?? reloadForLostPart)()))
          return new Promise<T>(() => {});
        throw error;
      }
      options.onFailure?.(error);
      await nextTry(network, online ? FIRST_PAUSE_MS * 2 ** (failedOnline - 1) : undefined);
    }
  }
}

/** sessionStorage: when this tab last reloaded for a lost part (so it does so once, not in a loop). */
const RELOADED_AT_KEY = "part-reload-at";
/** A reload for a lost part within this long of the last one is not made again. */
export const RELOAD_AGAIN_AFTER_MS = 60_000;
let reloading = false;

/**
 * Reloads the page (page-reload.ts: after what it must not cut off, the answers being written to
 * the device written); false when this tab reloaded for a lost part less than
 * RELOAD_AGAIN_AFTER_MS ago (the reload did not help).
 */
export async function reloadForLostPart(): Promise<boolean> {
  // Several parts may be lost at once: the first to give up reloads, the others wait for it.
  if (reloading) return true;
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (Date.now() - last < RELOAD_AGAIN_AFTER_MS) return false;
  reloading = true;
  sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  await reloadPage();
  return true;
}

/** Resolves when the browser comes back online, or after `pauseMs` when given. */
function nextTry(network: Network, pauseMs: number | undefined): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = network.onOnline(() => {
      clearTimeout(timer);
      resolve();
    });
    if (pauseMs !== undefined) {
      timer = setTimeout(() => {
        stop();
        resolve();
      }, pauseMs);
    }
  });
}

/** React.lazy for a part loaded with loadPart. */
// biome-ignore lint/suspicious/noExplicitAny: the bound React.lazy itself has
export function lazyPart<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => loadPart(load));
}

/** A module loaded apart, once, through loadPart; what it is, once loaded, asked without waiting. */
export interface OncePart<Module> {
  load(): Promise<Module>;
  /** The module once load() has finished (it is evaluated). */
  loaded(): Module | undefined;
  /** Whether a try to load it has failed (it may be trying again). */
  failed(): boolean;
}

/**
 * `importModule` loaded once (loadPart: it keeps trying while offline). A load that gives up (online,
 * after its tries) is tried afresh by the next `load()`.
 */
export function oncePart<Module>(importModule: () => Promise<Module>): OncePart<Module> {
  let loading: Promise<Module> | undefined;
  let loaded: Module | undefined;
  let failed = false;
  return {
    load() {
      loading ??= loadPart(importModule, {
        onFailure: () => {
          failed = true;
        },
      }).then(
        (module) => {
          loaded = module;
          failed = false;
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          failed = true;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => loaded,
    failed: () => failed,
  };
}
