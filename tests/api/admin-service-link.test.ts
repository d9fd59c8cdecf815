import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_UNAUTHORIZED_MESSAGE } from "../../server/routes/admin-secret";
import { ADMIN_SERVICE_LINK_PATH } from "../../server/routes/admin-service-link";
import { putAnswers } from "../helpers/api";
import {
  createSiblingApp,
  createTestApp,
  signedInUser,
  TEST_PUBLIC_URL,
  type TestApp,
} from "../helpers/test-app";

// POST /admin/service-link (decision 0013): how `npm run service:link` mints a staff link while a
// server holds DATA_DIR's embedded database. The process test (server-process.test.ts) runs the
// command against a real server; these check the call itself.

const SECRET = "test-admin-secret-fedcba9876543210";

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

function post(body: unknown, options: { secret?: string | null; on?: TestApp } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const secret = options.secret === undefined ? SECRET : options.secret;
  if (secret !== null) headers.authorization = `Bearer ${secret}`;
  return (options.on ?? test).app.inject({
    method: "POST",
    url: ADMIN_SERVICE_LINK_PATH,
    headers,
    payload: JSON.stringify(body),
  });
}

describe("POST /admin/service-link", () => {
  it("mints a staff link on PUBLIC_URL that opens the applicant's application", async () => {
    const { cookie, username } = await signedInUser(test);
    expect((await putAnswers(test, cookie, { first_name: "Ada" })).statusCode).toBe(200);
    const response = await post({ email: `  ${username.toUpperCase()} ` });
    expect(response.statusCode, response.body).toBe(200);
    const { url, expires_at } = response.json() as { url: string; expires_at: string };
    expect(url.startsWith(`${TEST_PUBLIC_URL}/about?service_token=`)).toBe(true);
    expect(new Date(expires_at).getTime() - test.app.clock().getTime()).toBeGreaterThan(9 * 60_000);
    const token = new URL(url).searchParams.get("service_token");
    const opened = await test.app.inject({ method: "GET", url: `/service/tmp-pdf?service_token=${token}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().answer).toStrictEqual({ first_name: "Ada" });
  });

  it("answers 404 with the command's line for an unknown address, 400 without one", async () => {
    const unknown = await post({ email: "nobody-at-all@example.edu" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toStrictEqual({
      message: "No account uses the e-mail address nobody-at-all@example.edu.",
    });
    expect((await post({})).statusCode).toBe(400);
  });

  it("refuses a call without the secret (401), and exists only on a server given one", async () => {
    const { username } = await signedInUser(test);
    for (const secret of [null, "guessed"]) {
      const refused = await post({ email: username }, { secret });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toStrictEqual({ message: ADMIN_UNAUTHORIZED_MESSAGE });
    }
    expect((await post({ email: username }, { on: plain })).statusCode).toBe(404);
  });
});
