// Test helper: the tabs of one browser, for leadership tests (unit tests only).
import { type Tabs, VISIBLE_TABS } from "./tab-leadership";

type Request = { name: string; clientId: string; grant: () => void };

/**
 * Tabs of one browser: an exclusive lock manager granting each name to one holder at a time in
 * order of request (as Web Locks do), each tab's visibility (a visible tab holds VISIBLE_TABS), and
 * the events that wake a leader (its own tab hidden or shown, another tab shown).
 */
export function fakeBrowser() {
  const holders = new Map<string, string>();
  const queue: Request[] = [];
  const visible = new Set<string>();
  const listeners = new Set<() => void>();
  const grantNext = (name: string) => {
    if (holders.has(name)) return;
    const index = queue.findIndex((request) => request.name === name);
    if (index < 0) return;
    const [next] = queue.splice(index, 1);
    if (!next) return;
    holders.set(name, next.clientId);
    next.grant();
  };
  const tab = (clientId: string, shown = false): Tabs & { id: string } => {
    if (shown) visible.add(clientId);
    const request = (name: string, callback: () => Promise<void> | undefined) =>
      new Promise<void>((granted) => {
        queue.push({ name, clientId, grant: granted });
        grantNext(name);
      }).then(async () => {
        try {
          await callback();
        } finally {
          holders.delete(name);
          grantNext(name);
        }
      });
    return {
      id: clientId,
      locks: {
        request: request as unknown as LockManager["request"],
        query: async () => ({
          held: [
            ...[...holders].map(([name, holder]) => ({ name, clientId: holder, mode: "exclusive" as const })),
            ...[...visible].map((id) => ({ name: VISIBLE_TABS, clientId: id, mode: "shared" as const })),
          ],
          pending: queue.map(({ name, clientId: id }) => ({
            name,
            clientId: id,
            mode: "exclusive" as const,
          })),
        }),
      },
      hidden: () => !visible.has(clientId),
      watch(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  };
  /** The applicant switches to `clientId`'s tab: every other is hidden. */
  const show = (clientId: string | null) => {
    visible.clear();
    if (clientId) visible.add(clientId);
    for (const listener of [...listeners]) listener();
  };
  return { tab, show, holder: (name: string) => holders.get(name) };
}
