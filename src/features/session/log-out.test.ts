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

describe("the unsent-changes check before signing out", () => {
  it("counts files waiting to be uploaded, which stay on the device for the next sign-in", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const { syncClient } = await import("../answers/sync-session");
    const { localDb } = await import("../answers/local-db");
    const { queueUpload, queuedChanges } = await import("../documents/upload-queue");
    const { unsentChanges } = await import("./log-out");
    const owner = `ada-${Date.now()}@example.edu`;
    await syncClient.open(owner, null);
    const bytes = new TextEncoder().encode("%PDF statement").buffer as ArrayBuffer;
    await queueUpload(localDb(), owner, "resume_file", {
      name: "resume.pdf",
      type: "application/pdf",
      size: 14,
      bytes,
    });
    expect(await unsentChanges()).toBe(1);
    await logOut();
    expect(await queuedChanges(localDb(), owner)).toHaveLength(1);
  });
});
