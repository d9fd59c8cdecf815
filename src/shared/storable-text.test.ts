import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, NestingTooDeepError, toStorableJson, toStorableText } from "./storable-text";

describe("toStorableText", () => {
  it("removes every NUL", () => {
    expect(toStorableText("\u0000Ada\u0000 Love\u0000lace\u0000")).toBe("Ada Lovelace");
    expect(toStorableText("\u0000\u0000")).toBe("");
  });

  it("replaces a lone high or low surrogate with U+FFFD", () => {
    expect(toStorableText("a\uD800b")).toBe("a\uFFFDb");
    expect(toStorableText("a\uDC00b")).toBe("a\uFFFDb");
    expect(toStorableText("\uD800")).toBe("\uFFFD");
    expect(toStorableText("end\uDBFF")).toBe("end\uFFFD");
    // A low surrogate before a high one is two lone halves, not a pair.
    expect(toStorableText("\uDC00\uD800")).toBe("\uFFFD\uFFFD");
    expect(toStorableText("\uD800\uD800\uDC00")).toBe("\uFFFD\u{10000}");
  });

  it("keeps paired surrogates (emoji, astral characters) and every other character", () => {
    const text = "Zoë 😀 𝔸 \u0001\t\n\u007f \uFFFD \uFEFF";
    expect(toStorableText(text)).toBe(text);
  });

  it("answers the same string when nothing changes", () => {
    const text = "plain text";
    expect(toStorableText(text)).toBe(text);
  });

  it("is idempotent: normalised text stays as it is", () => {
    const once = toStorableText("a\u0000\uD800\uDC00\uDFFFb");
    expect(toStorableText(once)).toBe(once);
    expect(once).toBe("a\u{10000}\uFFFDb");
  });
});

describe("toStorableJson", () => {
  it("normalises every string, object keys included, at any depth", () => {
    const body = { first_name: "Ada\u0000", list: ["x\uD800", { "k\u0000ey": ["\u0000"] }], n: 3, ok: true };
    expect(toStorableJson(body)).toStrictEqual({
      first_name: "Ada",
      list: ["x\uFFFD", { key: [""] }],
      n: 3,
      ok: true,
    });
    // The input is not modified.
    expect(body.first_name).toBe("Ada\u0000");
  });

  it("returns the same objects when nothing changes", () => {
    const body = { a: "x", b: ["y", { c: "z" }], d: null };
    expect(toStorableJson(body)).toBe(body);
    expect(toStorableJson("text")).toBe("text");
    expect(toStorableJson(null)).toBe(null);
    expect(toStorableJson(undefined)).toBe(undefined);
  });

  it('keeps a "__proto__" key a plain key', () => {
    const body = JSON.parse('{"__proto__": {"polluted": "x\\u0000"}, "a": "b\\u0000"}');
    const out = toStorableJson(body) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(out.a).toBe("b");
  });

  it("keeps null-prototype objects (parsed query strings) null-prototype", () => {
    const query = Object.assign(Object.create(null), { text: "a\u0000" });
    const out = toStorableJson(query);
    expect(Object.getPrototypeOf(out)).toBe(null);
    expect(out.text).toBe("a");
  });

  it("normalises objects whose prototype has a null prototype (fast-querystring's)", () => {
    const EmptyObject = function EmptyObject() {} as unknown as new () => Record<string, string>;
    EmptyObject.prototype = Object.create(null);
    const query = new EmptyObject();
    query.text = "a\u0000";
    expect(toStorableJson(query).text).toBe("a");
  });

  it("leaves non-plain objects such as a Buffer alone", () => {
    const buffer = Buffer.from("a\u0000b");
    expect(toStorableJson(buffer)).toBe(buffer);
  });

  it("refuses values nested deeper than the limit", () => {
    let deep: unknown = "x";
    for (let i = 0; i < MAX_JSON_DEPTH + 1; i++) deep = [deep];
    expect(() => toStorableJson(deep)).toThrow(NestingTooDeepError);
    let shallow: unknown = "x\u0000";
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) shallow = [shallow];
    expect(() => toStorableJson(shallow)).not.toThrow();
  });
});
