import { describe, expect, it } from "vitest";
import {
  describeSyncStatus,
  QUIET_SYNC_STATUS,
  type StatusClass,
  type SyncStatus,
  statusClass,
  worthAnnouncing,
} from "./sync-status";

const base: SyncStatus = { ...QUIET_SYNC_STATUS, phase: "idle" };
const status = (change: Partial<SyncStatus>): SyncStatus => ({ ...base, ...change });

describe("the header's sentence", () => {
  it("tells offline, no answer, a busy server, a server problem, an ended session and a refusal apart", () => {
    expect(describeSyncStatus(status({ phase: "offline", pending: 3 }))).toBe(
      "Saved on this device — will sync when you're back online (3 waiting)",
    );
    expect(describeSyncStatus(status({ phase: "unreachable", pending: 2 }))).toBe(
      "We couldn't reach the server; your answers are safe on this device and we'll keep trying (2 waiting)",
    );
    expect(describeSyncStatus(status({ phase: "busy", pending: 2 }))).toBe(
      "The server is busy; your answers are safe on this device and will be sent in a moment (2 waiting)",
    );
    expect(
      describeSyncStatus(status({ phase: "server-error", pending: 2, serverMessage: "Submit broke" })),
    ).toBe("The server had a problem, so 2 changes are kept on this device: Submit broke");
    expect(describeSyncStatus(status({ phase: "signed-out", pending: 1 }))).toBe(
      "Your session has ended — sign in again to send your changes; they are kept on this device (1 waiting)",
    );
    expect(describeSyncStatus(status({ phase: "attention", serverMessage: "It was submitted." }))).toBe(
      "Not saved: It was submitted.",
    );
    expect(describeSyncStatus(status({ phase: "idle", refused: 1, firstRefused: "first_name" }))).toBe(
      "1 answer was not saved.",
    );
  });

  it("never says saved beside answers the server refused, or after the session ended", () => {
    for (const phase of ["idle", "sending"] as const) {
      expect(describeSyncStatus(status({ phase, refused: 2 }))).toBe("2 answers were not saved.");
    }
    expect(describeSyncStatus(status({ phase: "unreachable", pending: 1, refused: 1 }))).toMatch(
      /keep trying \(1 waiting\)\. 1 answer was not saved\.$/,
    );
    expect(
      describeSyncStatus(
        status({ phase: "server-error", pending: 1, refused: 1, serverMessage: "Please try again later." }),
      ),
    ).toMatch(/device: Please try again later\. 1 answer was not saved\.$/);
    expect(describeSyncStatus(status({ phase: "signed-out", pending: 4 }))).not.toMatch(/saved/i);
    expect(describeSyncStatus(status({ phase: "local-only", keptForSignIn: 2 }))).toBe(
      "Signed out — 2 changes kept on this device until you sign in again",
    );
  });

  it("says all changes are saved only when nothing is waiting or refused", () => {
    expect(describeSyncStatus(status({}))).toBe("All changes saved");
    expect(describeSyncStatus(status({ pending: 1 }))).toBe("Syncing…");
    expect(describeSyncStatus(status({ phase: "local-only" }))).toBe("Saved on this device");
  });

  it("puts a local storage failure first", () => {
    expect(describeSyncStatus(status({ localError: "this device's storage is full.", refused: 1 }))).toBe(
      "Not saved on this device: this device's storage is full.",
    );
  });
});

describe("what the header announces", () => {
  /** The announcements a sequence of statuses makes, starting from the first (not announced). */
  function announced(sequence: SyncStatus[]): StatusClass[] {
    let last = statusClass(sequence[0] ?? base);
    const said: StatusClass[] = [];
    for (const next of sequence.slice(1).map(statusClass)) {
      if (!worthAnnouncing(last, next)) continue;
      said.push(next);
      last = next;
    }
    return said;
  }

  it("stays quiet while edits are saved one after another", () => {
    const typing = [status({}), status({ pending: 1 }), status({ phase: "sending" }), status({})];
    expect(announced([...typing, ...typing, ...typing])).toEqual([]);
  });

  it("says a problem once, not on every retry, and says when it is over", () => {
    const trouble = status({ phase: "unreachable", pending: 1 });
    expect(
      announced([
        status({}),
        status({ phase: "sending" }),
        trouble,
        status({ phase: "sending" }),
        { ...trouble, pending: 2 },
        status({ phase: "sending" }),
        status({ phase: "offline", pending: 2 }),
        status({ phase: "sending" }),
        status({}),
        status({ phase: "sending" }),
        status({}),
      ]),
    ).toEqual(["unreachable", "offline", "saved"]);
  });

  it("says a refusal, and that all is saved once it is fixed", () => {
    expect(
      announced([status({}), status({ refused: 1 }), status({ refused: 1, phase: "sending" }), status({})]),
    ).toEqual(["refused", "saved"]);
  });

  it("offline with a refused answer, says offline once, not again with each retry (issue 37)", () => {
    const offline = status({ phase: "offline", pending: 1, refused: 1 });
    const retry = status({ phase: "sending", pending: 1, refused: 1 });
    expect(
      announced([status({ refused: 1 }), offline, retry, offline, retry, offline, retry, offline]),
    ).toEqual(["offline"]);
  });
});
