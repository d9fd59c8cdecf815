import { afterEach, describe, expect, it, vi } from "vitest";
import { saveOutcome } from "./save-outcome";
import { getSyncStatus, type SyncStatus } from "./sync-status";

const status = (change: Partial<SyncStatus>): SyncStatus => ({ ...getSyncStatus(), refused: 0, ...change });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("what became of the changes after a send", () => {
  it("is saved only when nothing is left unsent", () => {
    expect(saveOutcome(status({ phase: "idle" }), 0)).toBe("saved");
    expect(saveOutcome(status({ phase: "idle", refused: 1 }), 1)).toBe("refused");
  });

  it("is never saved when the session ended, whatever else", () => {
    expect(saveOutcome(status({ phase: "signed-out" }), 0)).toBe("signed-out");
    expect(saveOutcome(status({ phase: "signed-out", refused: 2 }), 3)).toBe("signed-out");
  });

  it("names refused answers before the network: they need the applicant", () => {
    expect(saveOutcome(status({ phase: "unreachable", refused: 1 }), 4)).toBe("refused");
  });

  it("tells offline, no answer, a busy server, a server problem and a send still under way apart", () => {
    expect(saveOutcome(status({ phase: "offline" }), 2)).toBe("offline");
    expect(saveOutcome(status({ phase: "unreachable" }), 2)).toBe("unreachable");
    expect(saveOutcome(status({ phase: "busy" }), 2)).toBe("busy");
    expect(saveOutcome(status({ phase: "server-error" }), 2)).toBe("server-error");
    expect(saveOutcome(status({ phase: "sending" }), 2)).toBe("sending");
    vi.stubGlobal("navigator", { onLine: false });
    expect(saveOutcome(status({ phase: "sending" }), 2)).toBe("offline");
  });

  it("passes on a refusal no edit can fix", () => {
    expect(saveOutcome(status({ phase: "attention" }), 1)).toBe("attention");
  });
});
