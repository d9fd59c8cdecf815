import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";

// Signing in and reading the server's copy, for browser tests. Sign-in uses the test-only hook
// (E2E_TEST_HOOKS) for speed; the real flows are covered by accounts.spec.ts.

export const CLIENT_HEADERS = { "X-Admissions-Client": "1" };

/** Signs the page's context in as a new (or the given) applicant; returns the username. */
export async function signIn(page: Page, username = `e2e-${randomUUID()}@example.edu`): Promise<string> {
  const response = await page.request.post("/__test__/session", { data: { username } });
  expect(response.ok()).toBe(true);
  return username;
}

export type ServerProfile = {
  answer: Record<string, string>;
  web_status: { web_status: string }[];
  last_page: string | null;
};

export async function serverProfile(page: Page): Promise<ServerProfile> {
  const response = await page.request.get("/api/profile", { headers: CLIENT_HEADERS });
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerProfile;
}

export async function serverAnswers(page: Page): Promise<Record<string, string>> {
  return (await serverProfile(page)).answer;
}

/**
 * Signs in as a new applicant whose application is validating, as after a first Submit: the state
 * in which fields show their errors (spec §4; before it, none show). The page is not reloaded.
 */
export async function signInValidating(page: Page): Promise<string> {
  const username = await signIn(page);
  for (const web_status of ["started", "validating"]) {
    const response = await page.request.post("/api/web-status", {
      data: { web_status },
      headers: CLIENT_HEADERS,
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
  return username;
}
