import { describe, expect, it } from "vitest";
import { hasSessionHint } from "./session-hint";

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
});
