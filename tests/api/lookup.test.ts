import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LookupProvider } from "../../server/lookup/provider";
import {
  CATEGORY_MESSAGE,
  EITHER_TEXT_OR_ID_MESSAGE,
  EMPTY_TEXT_MESSAGE,
  MAX_RESULTS_MESSAGE,
  NO_DETAILS_MESSAGE,
} from "../../server/routes/lookup";
import { SESSION_COOKIE } from "../../src/shared/constants";
import type { LookupSuggestion } from "../../src/shared/lookup-types";
import { GENERIC_ERROR_MESSAGE } from "../../src/shared/messages";
import { createTestApp, signedInUser, type TestApp } from "../helpers/test-app";

const CACHE_CONTROL = "public, max-age=86400";

/** A school lookup as a later issue might plug it in, recording what the route asks of it. */
const schoolCalls: { text: string; maxResults: number }[] = [];
const fakeSchools: LookupProvider = {
  async search(text, maxResults) {
    schoolCalls.push({ text, maxResults });
    // Answers more than asked, with an extra field: the route must cut both.
    return Array.from({ length: 8 }, (_, i) => ({
      text: `${text} College ${i + 1}`,
      id: `00${i + 1}`,
      sub_text: "Springfield, IL",
      internal: "not for clients",
    }));
  },
  async details(id) {
    return id === "001" ? { name: "Springfield College", ceeb: "001", city: "Springfield" } : null;
  },
};
const failing: LookupProvider = {
  async search() {
    throw new Error("address service unreachable at https://internal.example/search");
  },
  async details() {
    throw new Error("address service unreachable");
  },
};

const lines: string[] = [];
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({
    lookupProviders: { college_ceeb: fakeSchools, broken: failing },
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(async () => {
  await test?.close();
});

function find(query: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  return test.app.inject({ method: "GET", url: "/lookup/find", query, headers });
}

function suggestionsOf(response: LightMyRequestResponse): LookupSuggestion[] {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LookupSuggestion[];
}

describe("GET /lookup/find?category=address: search", () => {
  it("suggests the city and state of a ZIP first, with the suggestion shape of spec §3", async () => {
    const response = await find({ text: "10001", category: "address", max_results: "5" });
    const found = suggestionsOf(response);
    expect(found[0]).toStrictEqual({ text: "New York, NY 10001", id: "10001", sub_text: "United States" });
    expect(found.length).toBeLessThanOrEqual(5);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("finds the ZIP at the start of the text, in ZIP+4 form and at the end of an address", async () => {
    for (const text of ["10001 New York", "10001-1234", "1 Main St, Lorain, OH 44053"]) {
      const [first] = suggestionsOf(await find({ text, category: "address" }));
      expect(first?.id, text).toBe(text.includes("44053") ? "44053" : "10001");
    }
  });

  it("searches by city prefix, alphabetically by city, state and ZIP", async () => {
    const found = suggestionsOf(await find({ text: "Lorm", category: "address" }));
    expect(found).toStrictEqual([{ text: "Lorman, MS 39096", id: "39096", sub_text: "United States" }]);

    // A whole city name sorts before the longer names it begins.
    const lorain = suggestionsOf(await find({ text: "  lorAIN ", category: "address", max_results: "5" }));
    expect(lorain.map((s) => s.text)).toStrictEqual([
      "Lorain, OH 44052",
      "Lorain, OH 44053",
      "Lorain, OH 44055",
      "Loraine, IL 62349",
      "Loraine, TX 79532",
    ]);
  });

  it("narrows a city prefix by the state after a comma (code or name)", async () => {
    for (const text of ["Springfield, IL", "springfield, illinois"]) {
      const found = suggestionsOf(await find({ text, category: "address" }));
      expect(found.length, text).toBeGreaterThan(0);
      for (const suggestion of found) expect(suggestion.text, text).toMatch(/^Springfield, IL \d{5}$/);
    }
  });

  it("reads a last word as the state only when the whole text is no city prefix", async () => {
    const palmSprings = suggestionsOf(await find({ text: "Palm Springs CA", category: "address" }));
    expect(palmSprings.length).toBeGreaterThan(0);
    for (const suggestion of palmSprings) expect(suggestion.text).toMatch(/^Palm Springs, CA \d{5}$/);
    // "Al" here is the start of Alamos or Altos, not Alabama.
    const losAl = suggestionsOf(await find({ text: "Los Al", category: "address" }));
    expect(losAl.length).toBeGreaterThan(0);
    for (const suggestion of losAl) expect(suggestion.text).toMatch(/^Los Al\w+, [A-Z]{2} \d{5}$/);
  });

  it("completes a partly typed ZIP (3 or 4 digits) in ZIP order", async () => {
    const found = suggestionsOf(await find({ text: "1000", category: "address" }));
    expect(found.map((s) => s.id)).toStrictEqual(["10001", "10002", "10003", "10004", "10005"]);
  });

  it("answers an empty list for text that matches nothing, an unknown ZIP or a Canadian code", async () => {
    for (const text of ["Zzzyzzx", "00000", "K1A 0B1"]) {
      expect(suggestionsOf(await find({ text, category: "address" })), text).toStrictEqual([]);
    }
  });

  it("answers at most 5 suggestions: max_results above 5 is clamped, below it honoured", async () => {
    expect(
      suggestionsOf(await find({ text: "New York", category: "address", max_results: "9" })),
    ).toHaveLength(5);
    expect(suggestionsOf(await find({ text: "New York", category: "address" }))).toHaveLength(5);
    expect(
      suggestionsOf(await find({ text: "New York", category: "address", max_results: "2" })),
    ).toHaveLength(2);
  });

  it.each(["0", "-1", "abc", "2.5", ""])("refuses max_results=%j with a clear message", async (value) => {
    const response = await find({ text: "New York", category: "address", max_results: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual({
      message: `Invalid querystring: max_results: ${MAX_RESULTS_MESSAGE}`,
    });
  });
});

describe("GET /lookup/find: refused queries", () => {
  it.each(["", "   "])("refuses empty text %j with a clear message", async (text) => {
    const response = await find({ text, category: "address" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual({ message: `Invalid querystring: text: ${EMPTY_TEXT_MESSAGE}` });
    expect(response.headers["cache-control"]).toBeUndefined();
  });

  it("refuses text over 100 characters", async () => {
    const response = await find({ text: "a".repeat(101), category: "address" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid querystring: text: /);
  });

  it.each(["college", "hs", "constructor", "__proto__", "toString"])(
    "refuses category %s, which has no provider",
    async (category) => {
      const response = await find({ text: "10001", category });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toStrictEqual({ message: "Unknown lookup category." });
    },
  );

  it("refuses a query without a category", async () => {
    const response = await find({ text: "10001" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual({ message: `Invalid querystring: category: ${CATEGORY_MESSAGE}` });
  });

  it.each([
    ["neither text nor id", { category: "address" }],
    ["both text and id", { category: "address", text: "10001", id: "10001" }],
  ])("refuses %s", async (_label, query) => {
    const response = await find(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual({ message: `Invalid querystring: ${EITHER_TEXT_OR_ID_MESSAGE}` });
  });

  it("refuses a repeated text parameter", async () => {
    const response = await find({ text: ["100", "01"], category: "address" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid querystring: text: /);
  });
});

describe("GET /lookup/find?id=…: details", () => {
  it("answers the named fields of a ZIP, exactly", async () => {
    const response = await find({ id: "10001", category: "address" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ city: "New York", state: "NY", zip: "10001", country: "USA" });
    expect(response.headers["cache-control"]).toBe(CACHE_CONTROL);
  });

  it.each(["00000", "1000", "10001-1234", " 10001", "K1A", "constructor", "abc"])(
    "answers 404 for an unknown id %j",
    async (id) => {
      const response = await find({ id, category: "address" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toStrictEqual({ message: NO_DETAILS_MESSAGE });
      expect(response.headers["cache-control"]).toBeUndefined();
    },
  );

  it("answers the name category (the autocomplete's default) with no suggestions and no details", async () => {
    expect(suggestionsOf(await find({ text: "Smith", category: "name" }))).toStrictEqual([]);
    expect((await find({ id: "1", category: "name" })).statusCode).toBe(404);
  });
});

describe("GET /lookup/find: access and caching", () => {
  it("needs no session, sets no cookie and no CSRF header, and may be cached by anyone for a day", async () => {
    const response = await find({ text: "10001", category: "address" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(CACHE_CONTROL);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("answers the same for a signed-in user, and ignores a stale session cookie", async () => {
    const user = await signedInUser(test);
    const signedIn = await find({ text: "10001", category: "address" }, { cookie: user.cookie });
    const stale = await find({ text: "10001", category: "address" }, { cookie: `${SESSION_COOKIE}=bogus` });
    const anonymous = await find({ text: "10001", category: "address" });
    expect(signedIn.body).toBe(anonymous.body);
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(anonymous.body);
    expect(stale.headers["set-cookie"]).toBeUndefined();
  });

  it("answers HEAD like GET", async () => {
    const response = await test.app.inject({
      method: "HEAD",
      url: "/lookup/find",
      query: { text: "10001", category: "address" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("");
  });
});

describe("GET /lookup/find: providers", () => {
  it("uses an injected provider for its category, with the trimmed text and clamped count", async () => {
    schoolCalls.length = 0;
    const response = await find({ text: " Spring ", category: "college_ceeb", max_results: "12" });
    const found = suggestionsOf(response);
    expect(schoolCalls).toStrictEqual([{ text: "Spring", maxResults: 5 }]);
    // Cut to the count and to the suggestion shape, whatever the provider answered.
    expect(found).toHaveLength(5);
    expect(found[0]).toStrictEqual({ text: "Spring College 1", id: "001", sub_text: "Springfield, IL" });

    const details = await find({ id: "001", category: "college_ceeb" });
    expect(details.json()).toStrictEqual({ name: "Springfield College", ceeb: "001", city: "Springfield" });
    expect((await find({ id: "999", category: "college_ceeb" })).statusCode).toBe(404);
    // The defaults stay in place beside an injected provider.
    expect(suggestionsOf(await find({ text: "10001", category: "address" }))[0]?.id).toBe("10001");
  });

  it("answers a failing provider with 500 and the generic message, logging neither the text nor details", async () => {
    lines.length = 0;
    const search = await find({ text: "12 Elm Street", category: "broken" });
    expect(search.statusCode).toBe(500);
    expect(search.json()).toStrictEqual({ message: GENERIC_ERROR_MESSAGE });
    expect(search.headers["cache-control"]).toBeUndefined();

    const details = await find({ id: "10001", category: "broken" });
    expect(details.statusCode).toBe(500);
    expect(details.json()).toStrictEqual({ message: GENERIC_ERROR_MESSAGE });

    const log = lines.join("\n");
    expect(log).toContain("address service unreachable");
    expect(log).not.toContain("Elm");
  });
});
