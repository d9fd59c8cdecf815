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
    expect(saveOutcome(status({ phase: "server-trouble", refused: 1 }), 4)).toBe("refused");
  });

  it("tells offline from server trouble, also when the send is still under way", () => {
    expect(saveOutcome(status({ phase: "offline" }), 2)).toBe("offline");
    expect(saveOutcome(status({ phase: "server-trouble" }), 2)).toBe("server-trouble");
    expect(saveOutcome(status({ phase: "sending" }), 2)).toBe("server-trouble");
    vi.stubGlobal("navigator", { onLine: false });
    expect(saveOutcome(status({ phase: "sending" }), 2)).toBe("offline");
  });

  it("passes on a refusal no edit can fix", () => {
    expect(saveOutcome(status({ phase: "attention" }), 1)).toBe("attention");
  });
});
