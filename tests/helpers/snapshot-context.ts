import { anonymousSnapshot, type ClientSnapshot } from "../../src/features/profile/client-snapshot";
import type { SnapshotContextValue } from "../../src/features/profile/snapshot-context";

/**
 * The snapshot context a form page's component reads, for a component test: an anonymous visitor
 * online unless `snapshot` says otherwise; changing pages and the web status do nothing.
 */
export function testSnapshotContext(snapshot: Partial<ClientSnapshot> = {}): SnapshotContextValue {
  return {
    snapshot: { ...anonymousSnapshot(), ...snapshot },
    offline: false,
    markPageChanged: () => {},
    advanceWebStatus: async () => {},
  };
}
