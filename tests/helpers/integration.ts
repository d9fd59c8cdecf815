import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { applications, users, webStatusEntries } from "../../server/db/schema";
import { createApiKey } from "../../server/services/api-keys";
import type { TestApp } from "./test-app";

// The integration API as an outside system calls it (decision 0022): a bearer key, JSON.

/** A new API key with a unique name. */
export async function newApiKey(test: TestApp, label = "crm"): Promise<{ key: string; name: string }> {
  const name = `${label}-${randomUUID().slice(0, 8)}`;
  const { key } = await createApiKey(test.database.db, name, test.app.clock());
  return { key, name };
}

type Call = [test: TestApp, url: string, key: string | undefined, headers?: Record<string, string>];

/** A call as an outside system makes it: the key as a bearer token (none when undefined). */
function integrationCall(
  method: "GET" | "POST",
  ...[test, url, key, headers = {}]: Call
): Promise<LightMyRequestResponse> {
  return test.app.inject({
    method,
    url,
    headers: { ...(key === undefined ? {} : { authorization: `Bearer ${key}` }), ...headers },
  });
}

export const integrationGet = (...call: Call) => integrationCall("GET", ...call);
export const integrationPost = (...call: Call) => integrationCall("POST", ...call);

/**
 * An account with an application row last changed at `updatedAt` (and nothing else that changes),
 * written straight to the database, so a test decides the list's order to the microsecond.
 */
export async function applicationChangedAt(
  test: TestApp,
  updatedAt: Date | string,
  options: { statuses?: ("started" | "validating")[]; submittedAt?: Date } = {},
): Promise<{ id: string; username: string }> {
  const username = `listed-${randomUUID()}@example.edu`;
  const [user] = await test.database.db
    .insert(users)
    .values({ username, confirmedAt: new Date("2026-01-01T00:00:00Z") })
    .returning({ id: users.id });
  if (!user) throw new Error("user insert returned nothing");
  const at = typeof updatedAt === "string" ? new Date(updatedAt) : updatedAt;
  await test.database.db.insert(applications).values({
    userId: user.id,
    createdAt: at,
    updatedAt: at,
    submittedAt: options.submittedAt ?? null,
  });
  for (const webStatus of options.statuses ?? []) {
    await test.database.db
      .insert(webStatusEntries)
      .values({ userId: user.id, webStatus, createdAt: new Date("2000-01-01T00:00:00Z") });
  }
  return { id: user.id, username };
}

/** Every page of the list, following next_cursor from `first` (a query string without cursor). */
export async function allPages(
  test: TestApp,
  key: string,
  query: string,
): Promise<{ pages: { id: string }[][]; ids: string[] }> {
  const pages: { id: string }[][] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/integration/v1/applications?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const response = await integrationGet(test, url, key);
    if (response.statusCode !== 200)
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    const body = response.json() as { applications: { id: string }[]; next_cursor: string | null };
    pages.push(body.applications);
    cursor = body.next_cursor;
    if (pages.length > 1000) throw new Error("the list never ends");
  } while (cursor);
  return { pages, ids: pages.flat().map((application) => application.id) };
}
