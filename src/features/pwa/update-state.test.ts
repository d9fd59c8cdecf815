import { afterEach, describe, expect, it, vi } from "vitest";
import {
  applyUpdate,
  dismissUpdate,
  getUpdateStatus,
  offerUpdate,
  resetUpdateStateForTests,
  subscribeUpdateStatus,
} from "./update-state";

afterEach(resetUpdateStateForTests);

describe("the app-update state", () => {
  it("starts with nothing to offer, and Reload does nothing then", async () => {
    expect(getUpdateStatus()).toBe("none");
    await applyUpdate();
    expect(getUpdateStatus()).toBe("none");
  });

  it("notifies subscribers when a new version waits, and stops after unsubscribing", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeUpdateStatus(listener);
    offerUpdate(async () => {});
    expect(getUpdateStatus()).toBe("available");
    expect(listener).toHaveBeenCalledTimes(1);
    // The same news twice is not a change.
    offerUpdate(async () => {});
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    dismissUpdate();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("Later hides the prompt; a newer version offers it again", () => {
    offerUpdate(async () => {});
    dismissUpdate();
    expect(getUpdateStatus()).toBe("none");
    offerUpdate(async () => {});
    expect(getUpdateStatus()).toBe("available");
  });

  it("Reload runs the latest activation once and stays applying", async () => {
    const older = vi.fn(async () => {});
    const latest = vi.fn(async () => {});
    offerUpdate(older);
    offerUpdate(latest);
    const statuses: string[] = [];
    subscribeUpdateStatus(() => statuses.push(getUpdateStatus()));
    const first = applyUpdate();
    expect(getUpdateStatus()).toBe("applying");
    // A second press, or more news, while applying changes nothing.
    await applyUpdate();
    offerUpdate(latest);
    dismissUpdate();
    await first;
    expect(older).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(["applying"]);
    expect(getUpdateStatus()).toBe("applying");
  });

  it("offers the prompt again when the new version fails to take over", async () => {
    offerUpdate(async () => {
      throw new Error("the new version did not take over");
    });
    await expect(applyUpdate()).rejects.toThrow("did not take over");
    expect(getUpdateStatus()).toBe("available");
  });
});
