// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cookieName, LOGGED_IN_HINT_COOKIE } from "../shared/constants";
import { reconcileAtSignIn } from "./account-language";
import { storeLanguage } from "./language";
import { currentLanguage, showLanguage } from "./translations";

// Issue 35: at sign-in the device and the account agree on the language.

const posted: unknown[] = [];
beforeEach(() => {
  localStorage.clear();
  posted.length = 0;
  // Signed in: the session hint cookie the server sets.
  vi.stubGlobal("cookieStore", { getAll: async () => [{ name: cookieName(LOGGED_IN_HINT_COOKIE, false) }] });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      posted.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ message: "ok" }), {
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await showLanguage("en");
});

describe("signing in", () => {
  it("shows the account's language on a device that never chose one", async () => {
    await reconcileAtSignIn("es");
    expect(currentLanguage()).toBe("es");
    expect(localStorage.getItem("language")).toBe("es");
    expect(posted).toStrictEqual([]);
  });

  it("keeps the device's choice, and tells the account, when the device chose", async () => {
    storeLanguage("en");
    await reconcileAtSignIn("es");
    expect(currentLanguage()).toBe("en");
    expect(posted).toStrictEqual([{ language: "en" }]);
  });

  it("tells nothing to a server it is signed out of", async () => {
    vi.stubGlobal("cookieStore", { getAll: async () => [] });
    storeLanguage("es");
    await reconcileAtSignIn(null);
    expect(posted).toStrictEqual([]);
  });

  it("tells an account without a language the one on screen", async () => {
    await showLanguage("es");
    await reconcileAtSignIn(null);
    expect(posted).toStrictEqual([{ language: "es" }]);
  });
});
