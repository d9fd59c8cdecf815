import { describe, expect, it } from "vitest";
import { openWithToken, sealWithToken } from "./draft-link-seal";
import { randomToken } from "./secrets";

describe("sealing a draft link's copy with its token", () => {
  const copy = { answers: { first_name: "Ada", city: "Zürich" }, edited_at: { first_name: 1, city: 2 } };

  it("opens with the token it was sealed with, and shows nothing in clear", () => {
    const token = randomToken();
    const sealed = sealWithToken(token, copy);
    expect(sealed).not.toMatch(/Ada|Z.rich|first_name/);
    expect(openWithToken(token, sealed)).toEqual(copy);
  });

  it("uses a fresh IV each time: the same copy seals differently", () => {
    const token = randomToken();
    expect(sealWithToken(token, copy)).not.toBe(sealWithToken(token, copy));
  });

  it("refuses another token and any change to the sealed bytes", () => {
    const token = randomToken();
    const sealed = sealWithToken(token, copy);
    expect(() => openWithToken(randomToken(), sealed)).toThrow();
    const bytes = Buffer.from(sealed, "base64url");
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => openWithToken(token, bytes.toString("base64url"))).toThrow();
  });
});
