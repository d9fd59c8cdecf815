import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_IMPORT_PATH, ADMIN_UNAUTHORIZED_MESSAGE } from "../../server/routes/admin-import";
import { createSiblingApp, createTestApp, type TestApp } from "../helpers/test-app";

// POST /admin/lookup-import (decision 0006): how `npm run lookup:import` reaches a server that
// holds DATA_DIR's embedded database. The process test (server-process.test.ts) runs the command
// against a real server; these check the call itself.

const SECRET = "test-admin-secret-0123456789abcdef";
// High schools of their own: tests share one PostgreSQL in CI, and the college list is counted elsewhere.
const CSV = "ceeb,name,city,state\n998951,Adminford Academy,Salem,OR\n998952,Broken Row,Salem,Oregon\n";

let test: TestApp;
let plain: TestApp;
beforeAll(async () => {
  test = await createTestApp({ adminImportSecret: SECRET });
  plain = await createSiblingApp(test);
});
afterAll(async () => {
  await plain?.close();
  await test?.close();
});

function post(
  options: {
    secret?: string | null;
    category?: string;
    body?: string;
    contentType?: string;
    on?: TestApp;
  } = {},
) {
  const headers: Record<string, string> = { "content-type": options.contentType ?? "text/csv" };
  const secret = options.secret === undefined ? SECRET : options.secret;
  if (secret !== null) headers.authorization = `Bearer ${secret}`;
  return (options.on ?? test).app.inject({
    method: "POST",
    url: `${ADMIN_IMPORT_PATH}?category=${options.category ?? "hs_ceeb"}`,
    headers,
    payload: options.body ?? CSV,
  });
}

describe("POST /admin/lookup-import", () => {
  it("imports the rows it can, names the lines it cannot, and the lookup finds them at once", async () => {
    const response = await post();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toStrictEqual({
      imported: 1,
      rejected: [{ line: 3, reason: expect.stringMatching(/state/) }],
    });
    expect(response.headers["cache-control"]).toBe("no-store");
    const found = await test.app.inject({
      method: "GET",
      url: "/lookup/find?category=hs_ceeb&text=adminford",
    });
    expect(found.json()).toStrictEqual([{ text: "Adminford Academy", id: "998951", sub_text: "Salem, OR" }]);
  });

  it.each([
    ["no secret", null],
    ["a wrong secret", "guessed"],
    ["an empty secret", ""],
    ["the secret with a suffix", `${SECRET}x`],
  ])("refuses %s with 401, importing nothing", async (_label, secret) => {
    const response = await post({ secret, body: "ceeb,name,city,state\n998953,Intruder Academy,Salem,OR\n" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toStrictEqual({ message: ADMIN_UNAUTHORIZED_MESSAGE });
    const found = await test.app.inject({
      method: "GET",
      url: "/lookup/find?category=hs_ceeb&text=intruder",
    });
    expect(found.json()).toStrictEqual([]);
  });

  it("refuses a file without the required columns with 400 and the reason", async () => {
    const response = await post({ body: "ceeb,name\n1,x\n" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/lacks the columns city, state/);
  });

  it("refuses an unknown category and a body that is no CSV", async () => {
    expect((await post({ category: "address" })).statusCode).toBe(400);
    expect((await post({ contentType: "application/json", body: "{}" })).statusCode).toBe(400);
  });

  it("imports a file with NULs in it (decision 0006's text rule), without a 500", async () => {
    const response = await post({ body: "ceeb,name,city,state\n998954,Nul\u0000ton Academy,Salem,OR\n" });
    expect(response.statusCode, response.body).toBe(200);
    const found = await test.app.inject({
      method: "GET",
      url: "/lookup/find?category=hs_ceeb&text=nulton",
    });
    expect(found.json()).toMatchObject([{ text: "Nulton Academy" }]);
  });

  it("does not exist on a server without the secret (PostgreSQL, or in-memory tests)", async () => {
    const response = await post({ on: plain });
    expect(response.statusCode).toBe(404);
  });
});
