// Applicants for the server benches (throughput.ts, profile-server.ts, peak.ts): signed in through
// E2E_TEST_HOOKS' POST /__test__/session (the sign-up flow would need the mail outbox), and given
// an application as one who has reached Final Steps has it.
import { randomUUID } from "node:crypto";
import { TWO_COLLEGE_APPLICATION, TWO_COLLEGE_COUNTS } from "../tests/helpers/complete-application";

/** The session cookie(s) of a new signed-in applicant, as a Cookie header's value. */
export async function signIn(origin: string, username: string): Promise<string> {
  const response = await fetch(`${origin}/__test__/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Admissions-Client": "1" },
    body: JSON.stringify({ username }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";", 1)[0])
    .join("; ");
}

/**
 * Fills the applicant's application: every answer of a complete two-college application with its
 * labels (≈ 80 answers), the add-another count, the statuses started and validating. GET
 * /api/profile reads all of it, as on a real page load.
 */
export async function fillApplication(origin: string, cookie: string): Promise<void> {
  const headers = { "Content-Type": "application/json", Cookie: cookie, "X-Admissions-Client": "1" };
  const calls: [string, string, unknown][] = [
    ["PUT", "/api/answer", TWO_COLLEGE_APPLICATION],
    ...Object.entries(TWO_COLLEGE_COUNTS).map(([button_id, num_components]): [string, string, unknown] => [
      "PUT",
      "/api/add-another",
      { button_id, num_components },
    ]),
    ["POST", "/api/web-status", { web_status: "started" }],
    ["POST", "/api/web-status", { web_status: "validating" }],
  ];
  for (const [method, url, body] of calls) {
    const response = await fetch(`${origin}${url}`, {
      method,
      headers: { ...headers, "Idempotency-Key": randomUUID() },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  }
}
