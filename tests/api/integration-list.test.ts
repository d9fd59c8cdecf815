import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../../server/db/schema";
import { allPages, applicationChangedAt, integrationGet, newApiKey } from "../helpers/integration";
import { ownDatabase } from "../helpers/postgres";
import { createTestApp, type DocumentParts, type TestApp } from "../helpers/test-app";

// GET /integration/v1/applications (decision 0022): the stable order, cursor pagination and its
// edges, and the filters. On a database of its own (PostgreSQL: a fresh one), so the list holds
// this file's applications only.

let test: TestApp & DocumentParts;
let own: Awaited<ReturnType<typeof ownDatabase>>;
let key: string;

type Listed = {
  id: string;
  username: string;
  web_status: string | null;
  submitted_at: string | null;
  updated_at: string;
};
type Page = { applications: Listed[]; next_cursor: string | null };

beforeAll(async () => {
  own = await ownDatabase();
  test = await createTestApp({ databaseUrl: own?.url });
  ({ key } = await newApiKey(test));
});
afterAll(async () => {
  await test?.close();
  await own?.drop();
});

async function list(query: string): Promise<Page> {
  const response = await integrationGet(test, `/integration/v1/applications?${query}`, key);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("the list of applications", () => {
  // Times far from today's, one window per test, so each test reads its own rows through `since`.
  it("is empty, with no next cursor, when nothing matches", async () => {
    expect(await list("since=2090-01-01T00:00:00Z")).toStrictEqual({ applications: [], next_cursor: null });
  });

  it("gives each application once, oldest change first, across pages of any size", async () => {
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await applicationChangedAt(test, `2031-01-01T00:00:0${i}.000Z`));
    const expected = made.map((application) => application.id);
    for (const limit of [1, 2, 3, 7, 8]) {
      const { pages, ids } = await allPages(test, key, `since=2031-01-01T00:00:00Z&limit=${limit}`);
      expect(ids, `limit ${limit}`).toStrictEqual(expected);
      // A last page exactly full is followed by none (no empty page, no cursor to nowhere).
      expect(pages.length, `limit ${limit}`).toBe(Math.max(1, Math.ceil(expected.length / limit)));
    }
    const first = await list("since=2031-01-01T00:00:00Z&limit=1");
    expect(first.applications[0]).toStrictEqual({
      id: made[0]?.id,
      username: made[0]?.username,
      web_status: null,
      submitted_at: null,
      updated_at: "2031-01-01T00:00:00.000Z",
    });
  });

  it("orders applications changed in the same instant by id, and tells microseconds apart", async () => {
    const same = [];
    for (let i = 0; i < 4; i++) same.push(await applicationChangedAt(test, "2032-01-01T00:00:00.000Z"));
    const later = [];
    for (const micros of ["000400", "000800"]) {
      const application = await applicationChangedAt(test, "2032-01-01T00:00:00.000Z");
      // The same millisecond as the others, 400 and 800 µs later: a cursor that kept milliseconds
      // only would list these twice.
      await test.database.sql.executeSql(
        "update applications set updated_at = $1::timestamptz where user_id = $2",
        [`2032-01-01T00:00:00.${micros}Z`, application.id],
      );
      later.push(application.id);
    }
    const byId = same.map((application) => application.id).sort();
    for (const limit of [1, 3]) {
      const { ids } = await allPages(test, key, `since=2032-01-01T00:00:00Z&limit=${limit}`);
      expect(ids, `limit ${limit}`).toStrictEqual([...byId, ...later]);
    }
  });

  it("filters by web status: started, validating, submitted", async () => {
    const at = "2033-01-01T00:00:00.000Z";
    const none = await applicationChangedAt(test, at);
    const started = await applicationChangedAt(test, at, { statuses: ["started"] });
    const validating = await applicationChangedAt(test, at, { statuses: ["started", "validating"] });
    const submitted = await applicationChangedAt(test, at, {
      statuses: ["started", "validating"],
      submittedAt: new Date("2033-01-01T00:00:00.000Z"),
    });
    const statusOf = async (status: string) =>
      (await allPages(test, key, `since=${at}&status=${status}`)).ids;
    expect(await statusOf("started")).toStrictEqual([started.id]);
    expect(await statusOf("validating")).toStrictEqual([validating.id]);
    expect(await statusOf("submitted")).toStrictEqual([submitted.id]);
    const everything = (await list(`since=${at}`)).applications;
    expect(new Map(everything.map((row) => [row.id, [row.web_status, row.submitted_at]]))).toStrictEqual(
      new Map([
        [none.id, [null, null]],
        [started.id, ["started", null]],
        [validating.id, ["validating", null]],
        [submitted.id, ["submitted", "2033-01-01T00:00:00.000Z"]],
      ]),
    );
  });

  it("takes since as 'changed at or after', in any time zone offset", async () => {
    const before = await applicationChangedAt(test, "2034-01-01T11:59:59.999Z");
    const exactly = await applicationChangedAt(test, "2034-01-01T12:00:00.000Z");
    const after = await applicationChangedAt(test, "2034-01-01T12:00:00.001Z");
    const { ids } = await allPages(test, key, "since=2034-01-01T13:00:00%2B01:00");
    expect(ids).toContain(exactly.id);
    expect(ids).toContain(after.id);
    expect(ids).not.toContain(before.id);
  });

  it("lists an application changed while a client pages again later, and skips none", async () => {
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await applicationChangedAt(test, `2035-01-01T00:00:0${i}.000Z`));
    const query = "since=2035-01-01T00:00:00Z&limit=2";
    const first = await list(query);
    expect(first.applications.map((row) => row.id)).toStrictEqual([made[0]?.id, made[1]?.id]);
    // One already read and one not yet read change before the next page is asked for.
    for (const changed of [made[0], made[2]]) {
      await test.database.db
        .update(applications)
        .set({ updatedAt: new Date("2035-06-01T00:00:00.000Z") })
        .where(eq(applications.userId, changed?.id ?? ""));
    }
    const rest: string[] = [];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await list(`${query}&cursor=${encodeURIComponent(cursor)}`);
      rest.push(...page.applications.map((row) => row.id));
      cursor = page.next_cursor;
    }
    const changedIds = [made[0]?.id, made[2]?.id].sort();
    expect(rest).toStrictEqual([made[3]?.id, ...changedIds]);
  });
});

describe("refusals of the list", () => {
  it("refuses a cursor it did not give, with 400 and a message", async () => {
    const forged = Buffer.from(JSON.stringify(["2030-01-01", "not-an-id"])).toString("base64url");
    for (const cursor of ["garbage", forged, Buffer.from("[1,2]").toString("base64url")]) {
      const response = await integrationGet(test, `/integration/v1/applications?cursor=${cursor}`, key);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toStrictEqual({
        message: "The cursor is not one this API gave: start again without it.",
      });
    }
  });

  it("refuses an unknown status, a time that is not ISO 8601, and a page size out of bounds", async () => {
    for (const query of [
      "status=accepted",
      "since=yesterday",
      "since=2030-01-01",
      "limit=0",
      "limit=501",
      "limit=two",
    ]) {
      const response = await integrationGet(test, `/integration/v1/applications?${query}`, key);
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message, query).toBe("string");
    }
  });
});
