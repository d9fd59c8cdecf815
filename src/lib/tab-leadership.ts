// One tab per name does a job (sending the answer queue, sending files): the one holding the Web
// Lock of that name. The others wait for it and take over when that tab closes. Without a name,
// or without Web Locks, this tab leads at once.
//
// A hidden leader hands the job to a visible tab waiting for it: the browser throttles a hidden
// tab's timers (Chromium: to once a second, after five minutes hidden to once a minute), so the
// answers typed in the tab in front would wait for the one behind it. Each visible tab holds a
// shared lock, VISIBLE_TABS, so any tab can tell (by `locks.query()`) which waiting tabs are seen.

type Locks = Pick<LockManager, "request" | "query">;

export const VISIBLE_TABS = "admissions-visible-tabs";
const CHANNEL = "admissions-tabs";

/** What leadership needs from the browser; `browserTabs()` in the page, fakes in unit tests. */
export type Tabs = {
  locks: Locks;
  hidden(): boolean;
  /** Calls `listener` when this tab is hidden or shown, or another tab is shown; returns a stop. */
  watch(listener: () => void): () => void;
};

export type Leader = {
  /** This tab now holds the lock: start the job. */
  lead(): void;
  /** Another tab takes over: stop starting work, and resolve once what is under way has ended. */
  stepDown(): Promise<void>;
};

/**
 * Calls `leader.lead` once this tab holds `lockName` (unless `stopped()` by then), and keeps the
 * lock until the returned function is called, or until this tab is hidden while a visible tab
 * waits for it: then `leader.stepDown` ends the work under way, the lock passes on, and this tab
 * waits for it again.
 */
export function holdLeadership(
  lockName: string | undefined,
  stopped: () => boolean,
  leader: Leader,
  tabs: Tabs | undefined = browserTabs(),
): () => void {
  if (!lockName || !tabs) {
    leader.lead();
    return () => {};
  }
  let release = () => {};
  let released = false;
  const done = () => released || stopped();
  const request = () =>
    void tabs.locks.request(lockName, async () => {
      if (done()) return;
      // Granted while hidden, with a visible tab behind: pass it on without starting the job.
      if (tabs.hidden() && (await visibleTabWaits(tabs.locks, lockName))) return void request();
      if (done()) return;
      leader.lead();
      await new Promise<void>((resolve) => {
        let handingOver = false;
        const unwatch = tabs.watch(async () => {
          if (handingOver || done() || !tabs.hidden()) return;
          if (!(await visibleTabWaits(tabs.locks, lockName)) || handingOver || !tabs.hidden()) return;
          handingOver = true;
          unwatch();
          await leader.stepDown();
          if (!done()) request(); // queued behind the visible tab, which gets the lock first
          resolve();
        });
        release = () => {
          unwatch();
          resolve();
        };
      });
    });
  request();
  return () => {
    released = true;
    release();
  };
}

async function visibleTabWaits(locks: Locks, lockName: string): Promise<boolean> {
  const { held = [], pending = [] } = await locks.query().catch((): LockManagerSnapshot => ({}));
  const visible = new Set(held.filter((lock) => lock.name === VISIBLE_TABS).map((lock) => lock.clientId));
  return pending.some((lock) => lock.name === lockName && visible.has(lock.clientId));
}

let pageTabs: Tabs | undefined;

/** This page's `Tabs`, made once: it holds VISIBLE_TABS while visible and tells other tabs when shown. */
function browserTabs(): Tabs | undefined {
  if (pageTabs) return pageTabs;
  const locks = globalThis.navigator?.locks;
  if (!locks || typeof document === "undefined") return undefined;
  const channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(CHANNEL);
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  let hide: (() => void) | undefined;
  const track = () => {
    if (document.visibilityState === "hidden") {
      hide?.();
      hide = undefined;
    } else if (!hide) {
      const shown = new Promise<void>((resolve) => {
        hide = resolve;
      });
      // Once the shared lock is held, other tabs can see this one: tell them to look.
      void locks.request(VISIBLE_TABS, { mode: "shared" }, () => {
        channel?.postMessage("shown");
        return shown;
      });
    }
    notify();
  };
  document.addEventListener("visibilitychange", track);
  channel?.addEventListener("message", notify);
  track();
  pageTabs = {
    locks,
    hidden: () => document.visibilityState === "hidden",
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return pageTabs;
}
