import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImportFileError, importSchools } from "../../server/lookup/import-schools";
import { seedShippedColleges } from "../../server/lookup/seed-schools";
import { ADMIN_IMPORT_PATH } from "../../server/routes/admin-import";
import { LOOKUP_LIST_HEADER, LOOKUP_NO_LIST } from "../../src/shared/lookup-types";
import { ownDatabase } from "../helpers/postgres";
import { createTestApp, type TestApp } from "../helpers/test-app";

// Issue 31: a first start has colleges to search (the shipped list, imported when there is none),
// an institution's own list replaces it, and a category without any list says so. These change a
// whole list, so they run on a database of their own (CI's PostgreSQL is shared by the test files).

const SECRET = "school-list-admin-secret-0123456789";
const SHIPPED_COLLEGES = 4894;
const OWN_LIST =
  "ceeb,name,city,state\n5001,Northbridge Partner College,Salem,OR\n5002,Harborview College,Dover,DE\n";

let own: Awaited<ReturnType<typeof ownDatabase>>;
let test: TestApp;
beforeAll(async () => {
  own = await ownDatabase();
  test = await createTestApp({ adminImportSecret: SECRET, ...(own ? { databaseUrl: own.url } : {}) });
});
afterAll(async () => {
  await test?.close();
  await own?.drop();
});

async function search(category: string, text: string) {
  const response = await test.app.inject({ method: "GET", url: "/lookup/find", query: { category, text } });
  expect(response.statusCode).toBe(200);
  return { found: response.json() as { text: string; id: string }[], headers: response.headers };
}

describe("the school lists", () => {
  it("says that there is no list, apart from no match, while a category has none", async () => {
    const none = await search("hs_ceeb", "lincoln");
    expect(none.found).toEqual([]);
    expect(none.headers[LOOKUP_LIST_HEADER.toLowerCase()]).toBe(LOOKUP_NO_LIST);
    // Asked again each time: a list imported later shows at once.
    expect(none.headers["cache-control"]).toBe("no-cache");

    await importSchools(test.database.db, "hs_ceeb", "ceeb,name,city,state\n990201,Lincoln High,Salem,OR\n");
    const noMatch = await search("hs_ceeb", "zzzqqq");
    expect(noMatch.found).toEqual([]);
    expect(noMatch.headers[LOOKUP_LIST_HEADER.toLowerCase()]).toBeUndefined();
    expect((await search("hs_ceeb", "lincoln")).found.map((school) => school.id)).toEqual(["990201"]);
  });

  it("imports the shipped colleges when there are none, once", async () => {
    expect((await search("college_ceeb", "harvard")).headers[LOOKUP_LIST_HEADER.toLowerCase()]).toBe(
      LOOKUP_NO_LIST,
    );
    expect(await seedShippedColleges(test.database.db)).toBe(SHIPPED_COLLEGES);
    const harvard = await search("college_ceeb", "harvard");
    expect(harvard.found.map((school) => school.text)).toEqual([
      "Harvard Undergrad Adm",
      "Harvard Medical School",
    ]);
    expect(await seedShippedColleges(test.database.db)).toBe(0);
  });

  it("replaces the list with the institution's own, which a later start keeps", async () => {
    const result = await importSchools(test.database.db, "college_ceeb", OWN_LIST, { replace: true });
    expect(result).toEqual({ imported: 2, rejected: [], removed: SHIPPED_COLLEGES });
    expect((await search("college_ceeb", "harvard")).found).toEqual([]);
    expect((await search("college_ceeb", "college")).found.map((school) => school.id).sort()).toEqual([
      "5001",
      "5002",
    ]);
    expect(await seedShippedColleges(test.database.db)).toBe(0);
    expect((await search("college_ceeb", "harvard")).found).toEqual([]);
  });

  it("refuses to replace a list with a file of which no row can be imported, changing nothing", async () => {
    await expect(
      importSchools(test.database.db, "college_ceeb", "ceeb,name,city,state\nabc,Bad Code,Salem,OR\n", {
        replace: true,
      }),
    ).rejects.toThrow(ImportFileError);
    expect((await search("college_ceeb", "harborview")).found.map((school) => school.id)).toEqual(["5002"]);
  });

  it("replaces through the running server's admin call (lookup:import -- --replace on PGlite)", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: `${ADMIN_IMPORT_PATH}?category=college_ceeb&replace=true`,
      headers: { authorization: `Bearer ${SECRET}`, "content-type": "text/csv" },
      payload: "ceeb,name,city,state\n5003,Only College,Salem,OR\n",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 1, rejected: [], removed: 2 });
    expect((await search("college_ceeb", "college")).found.map((school) => school.id)).toEqual(["5003"]);
  });
});
