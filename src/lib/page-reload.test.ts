import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => vi.unstubAllGlobals());

/** The module as a fresh page has it, the browser's reload a spy. */
async function freshPage() {
  vi.resetModules();
  const reload = vi.fn();
  vi.stubGlobal("window", { location: { reload } });
  return { reload, ...(await import("./page-reload")) };
}

describe("reloadPage", () => {
  it("waits for the work held, each preparation made just before the reload", async () => {
    const { reload, holdReloadsUntil, beforeReload, reloadPage } = await freshPage();
    const order: string[] = [];
    let finishSignOut!: () => void;
    const signOut = holdReloadsUntil(new Promise<void>((resolve) => (finishSignOut = resolve)));
    beforeReload(() => order.push("prepared"));
    reload.mockImplementation(() => order.push("reloaded"));

    const reloading = reloadPage();
    // Work held while waiting is waited for too.
    let finishNavigation!: () => void;
    void signOut.then(() =>
      holdReloadsUntil(new Promise<void>((resolve) => (finishNavigation = resolve))).then(() =>
        order.push("navigated"),
      ),
    );
    await Promise.resolve();
    expect(reload).not.toHaveBeenCalled();
    finishSignOut();
    await vi.waitFor(() => expect(finishNavigation).toBeTypeOf("function"));
    expect(reload).not.toHaveBeenCalled();
    finishNavigation();
    await reloading;
    expect(order).toEqual(["navigated", "prepared", "reloaded"]);
  });

  it("reloads when held work fails, and when a preparation throws", async () => {
    const { reload, holdReloadsUntil, beforeReload, reloadPage } = await freshPage();
    const failed = holdReloadsUntil(Promise.reject(new Error("sign-out failed")));
    await expect(failed).rejects.toThrow("sign-out failed");
    const throwing = vi.fn(() => {
      throw new Error("no history");
    });
    const stop = beforeReload(throwing);
    const later = vi.fn();
    beforeReload(later);
    await reloadPage();
    expect(later).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalledOnce();

    // A preparation stopped is not made.
    stop();
    later.mockClear();
    await reloadPage();
    expect(throwing).toHaveBeenCalledOnce();
    expect(later).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
