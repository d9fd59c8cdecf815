import { afterEach, describe, expect, it } from "vitest";
import { initialLanguage, languageFromSearch, storedLanguage, switchTarget } from "./language";

const storage = new Map<string, string>();
globalThis.localStorage ??= {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => void storage.set(key, value),
  removeItem: (key: string) => void storage.delete(key),
  clear: () => storage.clear(),
  key: () => null,
  length: 0,
} as Storage;

afterEach(() => localStorage.removeItem("language"));

describe("the applicant's language", () => {
  it("is English on a first visit", () => {
    expect(initialLanguage("")).toBe("en");
  });

  it("is Spanish from a link with ?lang=es, kept on the device from then on", () => {
    expect(initialLanguage("?draft=1&lang=es")).toBe("es");
    expect(storedLanguage()).toBe("es");
    expect(initialLanguage("")).toBe("es");
  });

  it("follows the link over the device, and ignores a language it does not have", () => {
    localStorage.setItem("language", "es");
    expect(initialLanguage("?lang=en")).toBe("en");
    expect(languageFromSearch("?lang=fr")).toBeNull();
    expect(initialLanguage("?lang=fr")).toBe("en");
  });

  it("offers the other language by its own name", () => {
    expect(switchTarget("en")).toEqual({ language: "es", name: "Español" });
    expect(switchTarget("es")).toEqual({ language: "en", name: "English" });
  });
});
