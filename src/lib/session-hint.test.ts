// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { hasSessionHint, readSessionHint } from "./session-hint";

describe("the signed-in hint", () => {
  it("is read from our readable cookie only", () => {
    expect(hasSessionHint("a=1; adm_logged_in=1")).toBe(true);
    expect(hasSessionHint("adm_logged_in=1")).toBe(true);
    expect(hasSessionHint("x_adm_logged_in=1; other=2")).toBe(false);
    expect(hasSessionHint("")).toBe(false);
  });

  it("is read under its __Host- name too (set over HTTPS)", () => {
    expect(hasSessionHint("__Host-adm_logged_in=1")).toBe(true);
    expect(hasSessionHint("a=1; __Host-adm_logged_in=1; b=2")).toBe(true);
    expect(hasSessionHint("__Secure-adm_logged_in=1; __Host-adm_session=x")).toBe(false);
  });

  it("is read from the Cookie Store where the browser has one, under either name", async () => {
    const store = (names: string[]) => ({ getAll: async () => names.map((name) => ({ name, value: "1" })) });
    expect(await readSessionHint(store(["a", "adm_logged_in"]))).toBe(true);
    expect(await readSessionHint(store(["__Host-adm_logged_in"]))).toBe(true);
    expect(await readSessionHint(store(["x_adm_logged_in", "__Host-adm_session"]))).toBe(false);
    expect(await readSessionHint(store([]))).toBe(false);
  });

  it("falls back to document.cookie without a Cookie Store, or when the store refuses", async () => {
    const refusing = {
      getAll: async (): Promise<{ name: string }[]> => {
        throw new DOMException("no", "SecurityError");
      },
    };
    // biome-ignore lint/suspicious/noDocumentCookie: the fallback reads it; the test sets it.
    document.cookie = "adm_logged_in=1; Path=/";
    try {
      expect(await readSessionHint(undefined)).toBe(true);
      expect(await readSessionHint(refusing)).toBe(true);
    } finally {
      // biome-ignore lint/suspicious/noDocumentCookie: as above.
      document.cookie = "adm_logged_in=; Max-Age=0; Path=/";
    }
    expect(await readSessionHint(undefined)).toBe(false);
  });
});
