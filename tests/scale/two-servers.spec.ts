import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import pg from "pg";
import { expectNothingQueued, expectStoredOnDevice } from "../e2e/device-store";
import { expect, test } from "../e2e/fixtures";
import { waitForMail } from "../e2e/mail-outbox";
import { CLIENT_HEADERS } from "../e2e/session";
import { type ApiServer, type Balancer, startBalancer, startServer } from "./fleet";
import { scalePorts } from "./ports";

// README "Running at scale" promises stateless API processes: sessions, idempotency records,
// sequence numbers, confirmation codes and throttle counters all live in PostgreSQL, so any process
// can serve any request and a process may die at any moment. Two built servers share one
// PostgreSQL here; the browser reaches them through one origin, as behind a load balancer.

const PASSWORD = "Correct-Horse-9";
const WRONG_PASSWORD = "Wrong-Horse-99";

let serverA: ApiServer;
let serverB: ApiServer;
let balancer: Balancer;
let db: pg.Client;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const databaseUrl = process.env.SCALE_DATABASE_URL;
  if (!databaseUrl) throw new Error("SCALE_DATABASE_URL is not set (tests/scale/global-setup.ts sets it)");
  const env = { databaseUrl, publicUrl: `http://127.0.0.1:${scalePorts.balancer}` };
  // Started together on an empty database: migrations run once, under PostgreSQL's advisory lock.
  [serverA, serverB] = await Promise.all([
    startServer("A", scalePorts.serverA, env),
    startServer("B", scalePorts.serverB, env),
  ]);
  balancer = await startBalancer(scalePorts.balancer, serverA);
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});

test.afterAll(async () => {
  await balancer?.close();
  await Promise.all([serverA?.kill(), serverB?.kill()]);
  await db?.end();
});

const direct = (server: ApiServer) => `http://127.0.0.1:${server.port}`;

/** Signs up through one process and confirms, with the code it mailed, through the other. */
async function createAccount(request: APIRequestContext, signUpOn: ApiServer, confirmOn: ApiServer) {
  const username = `scale-${randomUUID().slice(0, 8)}@example.edu`;
  const signedUp = await request.post(`${direct(signUpOn)}/public/signup`, {
    headers: CLIENT_HEADERS,
    data: { username, password: PASSWORD },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const [code] = await waitForMail(username, /\b\d{6}\b/, signUpOn.dataDir);
  const confirmed = await request.post(`${direct(confirmOn)}/public/confirm`, {
    headers: CLIENT_HEADERS,
    data: { username, code },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return username;
}

function logIn(request: APIRequestContext, server: ApiServer, username: string, password: string) {
  return request.post(`${direct(server)}/public/login`, {
    headers: CLIENT_HEADERS,
    data: { username, password },
  });
}

test("login failures counted by one process lock the address on the other", async ({ request }) => {
  const username = await createAccount(request, serverA, serverB);
  // Six failures, alternating: each process sees only three, fewer than the five free ones.
  for (const server of [serverA, serverB, serverA, serverB, serverA, serverB]) {
    const failed = await logIn(request, server, username, WRONG_PASSWORD);
    expect(failed.status(), `a wrong password on ${server.name}`).toBe(400);
  }
  // Together they are six: the address is locked, and even the right password waits, on both.
  for (const server of [serverA, serverB]) {
    const refused = await logIn(request, server, username, PASSWORD);
    expect(refused.status(), `the right password on ${server.name}`).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  }
});

test("a process killed in the middle of a sync: the applicant goes on with the other, signed in, and every acknowledged edit is stored once", async ({
  page,
  request,
}) => {
  test.slow();
  const username = await createAccount(request, serverB, serverA);
  balancer.switchTo(serverA);
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email" }).fill(username);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { name: "Hello!" })).toBeVisible();

  const field = (label: string) =>
    page.getByRole("region", { name: "Your name" }).getByRole("textbox", { name: label, exact: true });
  const typed: Record<string, string> = {};
  const type = async (label: string, key: string, value: string) => {
    await field(label).fill(value);
    typed[key] = value;
  };

  // Process A stores the first edits.
  await type("Legal First Name", "first_name", "Ada");
  await type("Middle Name", "middle_name", "King");
  await expectStoredOnDevice(page, typed, username);
  await expectNothingQueued(page, username);

  // The next save reaches A, which stores it and dies (SIGKILL) before the browser hears back.
  const crash = balancer.crashOnNextSave(serverB);
  await type("Last Name", "last_name", "Lovelace");
  const unacknowledged = await crash;
  expect(unacknowledged).toMatchObject({ server: "A", status: 200, answers: { last_name: "Lovelace" } });

  // The applicant goes on; the browser resends the lost save to B, then sends the rest.
  await type("Preferred Name", "preferred_name", "Addie");
  await type("Legal First Name", "first_name", "Augusta");
  await expectStoredOnDevice(page, typed, username);
  await expectNothingQueued(page, username);

  // B recognised the save A had stored (same Idempotency-Key): replayed, not applied again.
  const resent = balancer.saves.filter((save) => save.key === unacknowledged.key && save.delivered);
  expect(resent).toEqual([expect.objectContaining({ server: "B", status: 200, replayed: true })]);
  expect(balancer.saves.filter((save) => save.status !== 200)).toEqual([]);
  const acknowledged = balancer.saves.filter((save) => save.delivered);
  expect(acknowledged.some((save) => save.server === "A")).toBe(true);
  expect(acknowledged.some((save) => save.server === "B" && !save.replayed)).toBe(true);

  // The database holds every acknowledged edit, the later one of each field, and each save once:
  // one idempotency record per save, the device's sequence advanced once per save, and one
  // answer revision per save (each changed a field).
  const [user] = (await db.query("select id from users where username = $1", [username])).rows;
  const userId = user.id as string;
  const stored = Object.fromEntries(
    (await db.query("select key, value from answers where user_id = $1", [userId])).rows.map((row) => [
      row.key,
      row.value,
    ]),
  );
  const lastAcknowledged: Record<string, string> = {};
  for (const save of acknowledged) Object.assign(lastAcknowledged, save.answers);
  expect(lastAcknowledged).toEqual(typed);
  expect(stored).toEqual(typed);

  const saveKeys = [...new Set(acknowledged.map((save) => save.key))];
  const records = await db.query(
    "select key, count(*)::int as n from idempotency_keys where user_id = $1 and key = any($2) group by key",
    [userId, saveKeys],
  );
  expect(records.rows).toHaveLength(saveKeys.length);
  expect(records.rows.every((row) => row.n === 1)).toBe(true);
  const sequence = await db.query(
    "select last_seq from client_sequences where user_id = $1 and client_id = $2",
    [userId, unacknowledged.clientId],
  );
  expect(Number(sequence.rows[0]?.last_seq)).toBe(saveKeys.length);
  const application = await db.query("select answer_revision from applications where user_id = $1", [userId]);
  expect(Number(application.rows[0]?.answer_revision)).toBe(saveKeys.length);

  // The session opened on A goes on on B: no new sign-in, the same one session and login.
  await page.reload();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { name: "Hello!" })).toBeVisible();
  await expect(field("Legal First Name")).toHaveValue("Augusta");
  await expect(field("Last Name")).toHaveValue("Lovelace");
  const profile = await page.request.get("/api/profile", { headers: CLIENT_HEADERS });
  expect(profile.status()).toBe(200);
  expect((await profile.json()).username).toBe(username);
  const sessions = await db.query("select count(*)::int as n from sessions where user_id = $1", [userId]);
  const logins = await db.query("select count(*)::int as n from login_events where user_id = $1", [userId]);
  expect([sessions.rows[0]?.n, logins.rows[0]?.n]).toEqual([1, 1]);
});
