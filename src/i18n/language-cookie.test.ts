// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepWithAccount, reconcileAtSignIn } from "./account-language";
import { chooseLanguage, currentLanguage, showLanguage, startLanguage } from "./translations";

// Issue 35: the cookie that asks the server for a first screen in the applicant's language, and
// `<html lang>` at start-up whatever language the server's first screen was in.
const languageCookie = () => /(?:^|; )adm_language=(\w+)/.exec(document.cookie)?.[1];
const expireCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting jsdom's cookie jar between tests.
  document.cookie = "adm_language=; Max-Age=0; Path=/";
};

beforeEach(() => {
  localStorage.clear();
  expireCookie();
});
afterEach(async () => {
  await showLanguage("en");
  expireCookie();
});

describe("the language cookie and <html lang> (issue 35)", () => {
  it("is written when the applicant switches, either way (LanguageSwitch: chooseLanguage, then keepWithAccount)", async () => {
    await chooseLanguage("es");
    expect(document.documentElement.lang).toBe("es");
    await keepWithAccount("es");
    expect(languageCookie()).toBe("es");
    await chooseLanguage("en");
    expect(document.documentElement.lang).toBe("en");
    await keepWithAccount("en");
    expect(languageCookie()).toBe("en");
  });

  it("is written when a sign-in shows the account's language on a device that never chose", async () => {
    await reconcileAtSignIn("es");
    expect(currentLanguage()).toBe("es");
    expect(languageCookie()).toBe("es");
  });

  it("is written for a link's language, even when the server's first screen was in it already", async () => {
    document.documentElement.lang = "es";
    await startLanguage("?lang=es");
    expect(currentLanguage()).toBe("es");
    expect(document.documentElement.lang).toBe("es");
    await vi.waitFor(() => expect(languageCookie()).toBe("es"));
  });

  it("is renewed when the first screen came in another language than the device's, and <html lang> follows the app", async () => {
    // A device that chose Spanish before the cookie existed: the server sent English.
    localStorage.setItem("language", "es");
    document.documentElement.lang = "en";
    await startLanguage("");
    expect(document.documentElement.lang).toBe("es");
    await vi.waitFor(() => expect(languageCookie()).toBe("es"));

    // A stale Spanish cookie on a device whose choice is English: the app is English, and says so.
    await showLanguage("en");
    localStorage.setItem("language", "en");
    document.documentElement.lang = "es";
    await startLanguage("");
    expect(currentLanguage()).toBe("en");
    expect(document.documentElement.lang).toBe("en");
    await vi.waitFor(() => expect(languageCookie()).toBe("en"));
  });

  it("is left alone when the first screen was in the device's language (an English start writes nothing)", async () => {
    document.documentElement.lang = "en";
    await startLanguage("");
    expect(document.documentElement.lang).toBe("en");
    // Give a dynamic import, had one been started, the time to land.
    await import("./language-cookie");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(languageCookie()).toBeUndefined();
  });
});
