// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logOut } from "./log-out";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("signing out", () => {
  it("shares one sign-out between callers that race (menu, inactivity, a lost session)", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response('{"message":"You have been logged out."}', {
          status: 200,
          headers: { "Content-Type": "application/json" },
        });
      }),
    );
    await Promise.all([logOut(), logOut(), logOut()]);
    expect(calls.filter((url) => url === "/api/logout")).toHaveLength(1);
    // Once finished, a later sign-out runs again.
    await logOut();
    expect(calls.filter((url) => url === "/api/logout")).toHaveLength(2);
  });
});
