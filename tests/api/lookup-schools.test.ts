import { readFile } from "node:fs/promises";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schools } from "../../server/db/schema";
import { importSchools } from "../../server/lookup/import-schools";
import { SHIPPED_COLLEGES_CSV } from "../../server/lookup/shipped-colleges";
import { NO_DETAILS_MESSAGE } from "../../server/routes/lookup";
import type { LookupSuggestion } from "../../src/shared/lookup-types";
import { createTestApp, type TestApp } from "../helpers/test-app";

/** The college list the repository ships (4,894 rows). */
const COLLEGE_COUNT = 4894;

let test: TestApp;
let colleges: string;
beforeAll(async () => {
  test = await createTestApp();
  colleges = await readFile(SHIPPED_COLLEGES_CSV, "utf8");
});
afterAll(async () => {
  await test?.close();
});

function find(query: Record<string, string>) {
  return test.app.inject({ method: "GET", url: "/lookup/find", query });
}

async function search(category: string, text: string, maxResults?: number): Promise<LookupSuggestion[]> {
  const query: Record<string, string> = { category, text };
  if (maxResults !== undefined) query.max_results = String(maxResults);
  const response = await find(query);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function rowCount(category: "college_ceeb" | "hs_ceeb") {
  const [row] = await test.database.db
    .select({ n: count() })
    .from(schools)
    .where(eq(schools.category, category));
  return row?.n ?? 0;
}

describe("college_ceeb from the shipped list", () => {
  beforeAll(async () => {
    const result = await importSchools(test.database.db, "college_ceeb", colleges);
    expect(result.rejected).toEqual([]);
    expect(result.imported).toBe(COLLEGE_COUNT);
  });

  it("imports every row, and again without duplicates", async () => {
    expect(await rowCount("college_ceeb")).toBe(COLLEGE_COUNT);
    const again = await importSchools(test.database.db, "college_ceeb", colleges);
    expect(again).toEqual({ imported: COLLEGE_COUNT, rejected: [] });
    expect(await rowCount("college_ceeb")).toBe(COLLEGE_COUNT);
  });

  it("finds Alcorn State University first for 'alcorn'", async () => {
    const found = await search("college_ceeb", "alcorn");
    expect(found[0]).toEqual({ text: "Alcorn State University", id: "1008", sub_text: "Lorman, MS" });
  });

  it("ranks name prefix, then word prefix, then contains; shorter names first", async () => {
    const found = await search("college_ceeb", "state univ");
    expect(found).toHaveLength(5);
    // No name starts with "state univ": all are word-prefix matches, shortest first.
    for (const suggestion of found) expect(suggestion.text.toLowerCase()).toMatch(/\bstate univ/);
    const lengths = found.map((suggestion) => suggestion.text.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));

    const harvard = await search("college_ceeb", "harv");
    expect(harvard[0]?.text.toLowerCase().startsWith("harv")).toBe(true);

    // Punctuation and case are folded: "king's" finds "King'S University, The".
    const kings = await search("college_ceeb", "KINGS univ");
    expect(kings.map((suggestion) => suggestion.id)).toContain("3896");
  });

  it("matches a CEEB code exactly", async () => {
    const found = await search("college_ceeb", "1008");
    expect(found[0]).toMatchObject({ id: "1008", text: "Alcorn State University" });
  });

  it("answers at most 5, or max_results", async () => {
    expect(await search("college_ceeb", "college")).toHaveLength(5);
    expect(await search("college_ceeb", "college", 50)).toHaveLength(5);
    expect(await search("college_ceeb", "college", 2)).toHaveLength(2);
    expect(await search("college_ceeb", "zzzqqq")).toEqual([]);
    expect(await search("college_ceeb", "%")).toEqual([]);
  });

  it("answers the details of a code, 404 for an unknown one", async () => {
    const response = await find({ category: "college_ceeb", id: "1008" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: "Alcorn State University",
      ceeb: "1008",
      city: "Lorman",
      state: "MS",
      country: "USA",
    });
    const unknown = await find({ category: "college_ceeb", id: "999999" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: NO_DETAILS_MESSAGE });
  });
});

describe("hs_ceeb with rows the test creates", () => {
  const csv = [
    "ceeb,name,city,state,address_line_1,zip",
    '990101,"Lincoln High School",Springfield,IL,"100 Main St, Suite 2",62701',
    "990102,Abraham Lincoln Academy,Peoria,il,,",
    "990103,,Chicago,IL,,",
    "12a4,Bad Code High,Chicago,IL,,",
    "990101,Lincoln High School Again,Springfield,IL,,",
    "990104,Bad State High,Dover,Delaware,,",
    "990105,Lincolnshire Prep,Lincoln,NE,,",
    '990106,"Unterminated High,Omaha,NE,,',
  ].join("\n");

  it("imports good rows and rejects each bad one with its reason", async () => {
    const result = await importSchools(test.database.db, "hs_ceeb", csv);
    expect(result.imported).toBe(3);
    expect(result.rejected).toEqual([
      { line: 4, reason: "name is empty" },
      { line: 5, reason: 'ceeb "12a4" is not 4 to 6 digits' },
      { line: 6, reason: "duplicate ceeb 990101 (first on line 2)" },
      { line: 7, reason: 'state "Delaware" is not a 2-letter code' },
      { line: 9, reason: "unterminated quoted field" },
    ]);
    expect(await rowCount("hs_ceeb")).toBeGreaterThanOrEqual(3);
  });

  it("searches and details high schools apart from colleges", async () => {
    // Both names starting with "lincoln" (the shorter first), then the one with a word starting so.
    const found = await search("hs_ceeb", "lincoln");
    expect(found.map((suggestion) => suggestion.id)).toEqual(["990105", "990101", "990102"]);
    expect(found[2]).toEqual({ text: "Abraham Lincoln Academy", id: "990102", sub_text: "Peoria, IL" });
    // A college code is not a high school.
    expect((await find({ category: "hs_ceeb", id: "1008" })).statusCode).toBe(404);

    const details = await find({ category: "hs_ceeb", id: "990101" });
    expect(details.json()).toEqual({
      name: "Lincoln High School",
      ceeb: "990101",
      address_line_1: "100 Main St, Suite 2",
      city: "Springfield",
      state: "IL",
      zip: "62701",
      country: "USA",
    });
    const [row] = await test.database.db
      .select({ name: schools.name })
      .from(schools)
      .where(and(eq(schools.category, "hs_ceeb"), eq(schools.ceeb, "990101")));
    expect(row?.name).toBe("Lincoln High School");
  });
});
