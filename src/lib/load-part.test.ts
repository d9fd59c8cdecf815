import { afterEach, describe, expect, it, vi } from "vitest";
import { eventually } from "../../tests/helpers/eventually";
import { FIRST_PAUSE_MS, loadPart, type Network, ONLINE_TRIES, RELOAD_AGAIN_AFTER_MS } from "./load-part";

/** A network the test switches on and off, firing `online` as a browser does. */
function fakeNetwork(online: boolean) {
  const listeners = new Set<() => void>();
  const network: Network = {
    online: () => online,
    onOnline(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    network,
    comeOnline: () => {
      online = true;
      for (const listener of [...listeners]) {
        listeners.delete(listener);
        listener();
      }
    },
    listening: () => listeners.size,
  };
}

const lost = () => new TypeError("Failed to fetch dynamically imported module");

afterEach(() => vi.useRealTimers());

describe("loadPart", () => {
  it("returns the part at once when it loads", async () => {
    const { network } = fakeNetwork(true);
    await expect(loadPart(async () => "part", { network })).resolves.toBe("part");
  });

  it("waits offline for as long as it takes, then loads the part once back online", async () => {
    vi.useFakeTimers();
    const net = fakeNetwork(false);
    const load = vi.fn().mockRejectedValueOnce(lost()).mockResolvedValue("part");
    const onFailure = vi.fn();
    const part = loadPart(load, { network: net.network, onFailure });
    await eventually(() => expect(onFailure).toHaveBeenCalledOnce());
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(load).toHaveBeenCalledOnce();

    net.comeOnline();
    await expect(part).resolves.toBe("part");
    expect(load).toHaveBeenCalledTimes(2);
    expect(net.listening()).toBe(0);
  });

  it("counts no try that failed offline against the tries it has online", async () => {
    // The network comes back after each failure, too briefly for the next try.
    const flickering: Network = {
      online: () => false,
      onOnline(listener) {
        queueMicrotask(listener);
        return () => {};
      },
    };
    const load = vi.fn();
    for (let i = 0; i < 2 * ONLINE_TRIES; i++) load.mockRejectedValueOnce(lost());
    load.mockResolvedValue("part");
    await expect(loadPart(load, { network: flickering })).resolves.toBe("part");
    expect(load).toHaveBeenCalledTimes(2 * ONLINE_TRIES + 1);
  });

  it("tries again online after a pause that doubles, and gives up after its tries", async () => {
    vi.useFakeTimers();
    const { network } = fakeNetwork(true);
    const load = vi.fn().mockRejectedValue(lost());
    const part = loadPart(load, { network });
    const settled = part.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(FIRST_PAUSE_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2 * FIRST_PAUSE_MS - 1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);

    expect(load).toHaveBeenCalledTimes(ONLINE_TRIES);
    await expect(settled).resolves.toBeInstanceOf(TypeError);
  });

  it("loads a part that failed online once it loads within its tries", async () => {
    vi.useFakeTimers();
    const { network } = fakeNetwork(true);
    const load = vi.fn().mockRejectedValueOnce(lost()).mockResolvedValue("part");
    const part = loadPart(load, { network });
    await vi.advanceTimersByTimeAsync(FIRST_PAUSE_MS);
    await expect(part).resolves.toBe("part");
  });
});

describe("a part the browser keeps failed", () => {
  it("reloads the page once its tries online fail after a failure offline, instead of failing", async () => {
    vi.useFakeTimers();
    const net = fakeNetwork(false);
    const load = vi.fn().mockRejectedValue(lost());
    const reloadPage = vi.fn(async () => true);
    let settled = false;
    void loadPart(load, { network: net.network, reloadPage }).finally(() => {
      settled = true;
    });
    await eventually(() => expect(load).toHaveBeenCalledOnce());
    net.comeOnline();
    await vi.advanceTimersByTimeAsync(10 * FIRST_PAUSE_MS);

    expect(load).toHaveBeenCalledTimes(1 + ONLINE_TRIES);
    expect(reloadPage).toHaveBeenCalledOnce();
    // The page is going: the caller's fallback stays, no error reaches it.
    expect(settled).toBe(false);
  });

  it("fails as before when the reload is not made (it was made a moment ago)", async () => {
    vi.useFakeTimers();
    const net = fakeNetwork(false);
    const load = vi.fn().mockRejectedValue(lost());
    const reloadPage = vi.fn(async () => false);
    const part = loadPart(load, { network: net.network, reloadPage }).catch((error: unknown) => error);
    await eventually(() => expect(load).toHaveBeenCalledOnce());
    net.comeOnline();
    await vi.advanceTimersByTimeAsync(10 * FIRST_PAUSE_MS);
    await expect(part).resolves.toBeInstanceOf(TypeError);
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it("counts a try begun offline as failed offline, though the network came back before it failed", async () => {
    vi.useFakeTimers();
    const net = fakeNetwork(false);
    let failFirst: (error: unknown) => void = () => {};
    const load = vi
      .fn()
      .mockImplementationOnce(() => new Promise((_, reject) => (failFirst = reject)))
      .mockRejectedValue(lost());
    const reloadPage = vi.fn(async () => true);
    void loadPart(load, { network: net.network, reloadPage });
    await eventually(() => expect(load).toHaveBeenCalledOnce());
    net.comeOnline();
    failFirst(lost());
    await vi.advanceTimersByTimeAsync(10 * FIRST_PAUSE_MS);
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it("does not reload for a part that failed only online (it is truly gone): the caller's error handling takes over", async () => {
    vi.useFakeTimers();
    const { network } = fakeNetwork(true);
    const reloadPage = vi.fn(async () => true);
    const part = loadPart(vi.fn().mockRejectedValue(lost()), { network, reloadPage }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(10 * FIRST_PAUSE_MS);
    await expect(part).resolves.toBeInstanceOf(TypeError);
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe("reloadForLostPart", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reloads once for every part lost in a page; the reloaded page does not reload again within RELOAD_AGAIN_AFTER_MS", async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal("sessionStorage", {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    });
    const reload = vi.fn();
    vi.stubGlobal("window", { location: { reload } });
    vi.useFakeTimers({ now: 1_000_000 });
    /** The module as a fresh page loads it (the state of the page before is gone). */
    const newPage = async () => {
      vi.resetModules();
      return (await import("./load-part")).reloadForLostPart;
    };

    const firstPage = await newPage();
    await expect(firstPage()).resolves.toBe(true);
    // A second part lost in the same page waits for the reload under way.
    await expect(firstPage()).resolves.toBe(true);
    expect(reload).toHaveBeenCalledOnce();

    // The reload did not help: the reloaded page's lost part is an error, not another reload.
    await expect((await newPage())()).resolves.toBe(false);
    expect(reload).toHaveBeenCalledOnce();
    vi.setSystemTime(1_000_000 + RELOAD_AGAIN_AFTER_MS);
    await expect((await newPage())()).resolves.toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
