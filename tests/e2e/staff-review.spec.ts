import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import type { APIRequestContext, Page } from "@playwright/test";
import { STAFF_CALLS } from "../../src/shared/staff";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";
import { parseCsv } from "../helpers/csv";
import { clippedContent, smallTargets } from "./a11y-probes";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { waitForMail } from "./mail-outbox";
import { CLIENT_HEADERS } from "./session";

// The staff review in a real browser (issue 32, decision 0022): the invitation command mails a
// link, the staff member sets a password, signs in with it and the e-mailed code, lists, searches,
// opens an application's rendering and its PDF, and downloads the CSV; axe on every state, the
// keyboard for the list's controls, 320 px wide. An applicant's session opens none of it.

const run = promisify(execFile);
const PASSWORD = "Review-Horse-9-battery";

/** An applicant with a stored application (through `request`, a cookie jar of its own); submitted when asked. */
async function applicant(request: APIRequestContext, answers: Record<string, string>, submit = false) {
  const username = `staffed-${randomUUID()}@example.edu`;
  expect((await request.post("/__test__/session", { data: { username } })).ok()).toBe(true);
  const saved = await request.put("/api/answer", {
    headers: { ...CLIENT_HEADERS, "Idempotency-Key": `seed-${randomUUID()}` },
    data: answers,
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  if (submit) expect((await request.post("/api/submit", { headers: CLIENT_HEADERS })).ok()).toBe(true);
  return username;
}

/** `npm run staff:invite` against the running server's DATA_DIR: it asks the server, which mails. */
async function invite(email: string): Promise<string> {
  await run("npx", ["tsx", "server/staff-invite-cli.ts", "--email", email], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: "" },
  });
  const [link] = await waitForMail(email, /https?:\/\/\S+\/staff\/set-password\?token=[A-Za-z0-9_-]{43}/);
  return link;
}

async function signInAsStaff(page: Page, email: string): Promise<void> {
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("status")).toHaveText(/We have e-mailed you a 6-digit code/);
  await expect(page.getByRole("textbox", { name: "Code from the e-mail" })).toBeFocused();
  await expectNoAxeViolations(page);
  const [, code = ""] = await waitForMail(email, /Use this code to finish signing in[\s\S]*?(\d{6})/);
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
}

test("staff: invitation → password → code → list → search → rendering → PDF → CSV, with axe", async ({
  page,
  request,
}) => {
  test.slow();
  const surname = `Lovelace${randomUUID().slice(0, 6)}`;
  const ada = await applicant(
    request,
    { ...COMPLETE_APPLICATION, last_name: surname, app_type_desc: "Transfer", city: "Montréal" },
    true,
  );
  await applicant(request, { first_name: "Grace", last_name: `Hopper${surname}` });
  const email = `reviewer-${randomUUID()}@northbridge.example`;

  await page.goto(await invite(email));
  await expect(page.getByRole("heading", { level: 1, name: "Choose your password" })).toBeVisible();
  await expect(page).toHaveTitle("Choose your password – Northbridge University application review");
  await expectNoAxeViolations(page);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();

  await expect(page).toHaveURL(/\/staff\/sign-in$/);
  await expect(page.getByText("Your password is set.")).toBeVisible();
  await expectNoAxeViolations(page);
  await signInAsStaff(page, email);

  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /^All \(\d+\)$/ })).toBeChecked();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoAxeViolations(page);

  // The keyboard alone: search, then the status.
  await page.getByRole("searchbox", { name: "Search by name or e-mail" }).focus();
  await page.keyboard.type(surname);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("2 applications");
  const list = page.getByRole("list", { name: "Applications" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("radio", { name: /^All / }).focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "Submitted (1)" })).toBeChecked();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(page).toHaveURL(/status=submitted/);
  await expectNoAxeViolations(page);

  // The CSV of the list as filtered: one row, Ada's, accents intact.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^applications-\d{4}-\d\d-\d\d\.csv$/);
  const bytes = await readFile((await download.path()) ?? "");
  expect([...bytes.subarray(0, 3)]).toStrictEqual([0xef, 0xbb, 0xbf]);
  const [header = [], ...rows] = parseCsv(bytes.toString("utf8").slice(1));
  expect(rows).toHaveLength(1);
  const row = Object.fromEntries(header.map((name, i) => [name, rows[0]?.[i]]));
  expect(row).toMatchObject({
    email: ada,
    name: `Ada ${surname}`,
    web_status: "submitted",
    app_type: "1",
    app_type_desc: "Transfer",
    city: "Montréal",
  });
  expect(header.indexOf("app_type_desc")).toBe(header.indexOf("app_type") + 1);

  // The rendering, read-only.
  await list.getByRole("link", { name: `Ada ${surname}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Step One: About You" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Montréal");
  await expect(page.getByRole("main").getByRole("textbox")).toHaveCount(0);
  await expect(page).toHaveTitle(`Ada ${surname} – Northbridge University application review`);
  await expectNoAxeViolations(page);

  // Its PDF (the page's own cookies: the staff session).
  const pdfLink = page.getByRole("link", { name: /Open the PDF/ });
  await expect(pdfLink).toHaveAttribute("target", "_blank");
  const pdf = await page.request.get((await pdfLink.getAttribute("href")) ?? "");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // 320 CSS pixels: the list reflows, targets stay 24 px.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.getByRole("link", { name: "Back to the applications" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  expect(await clippedContent(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await list.getByRole("link", { name: `Ada ${surname}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Step One: About You" })).toBeVisible();
  expect(await clippedContent(page), "the rendering at 320 px").toEqual([]);
  expect(await smallTargets(page), "the rendering at 320 px").toEqual([]);
  await page.getByRole("link", { name: "Back to the applications" }).click();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await page.goto("/staff");
  await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff$/);
});

test("an applicant's session opens no staff page or call and no integration call; sign-in reflows at 320 px", async ({
  page,
}) => {
  const username = `applicant-${randomUUID()}@example.edu`;
  expect((await page.request.post("/__test__/session", { data: { username } })).ok()).toBe(true);
  const id = "00000000-0000-4000-8000-000000000000";
  for (const url of [
    STAFF_CALLS.me,
    STAFF_CALLS.applications,
    STAFF_CALLS.export,
    STAFF_CALLS.application(id),
    STAFF_CALLS.pdf(id),
    "/integration/v1/applications",
    `/integration/v1/applications/${id}`,
    `/integration/v1/applications/${id}/pdf`,
  ]) {
    const response = await page.request.get(url, { headers: CLIENT_HEADERS });
    expect(response.status(), url).toBe(401);
  }
  const link = await page.request.post(`/integration/v1/applications/${id}/service-link`, {
    headers: CLIENT_HEADERS,
  });
  expect(link.status()).toBe(401);
  await page.goto("/staff");
  await expect(page).toHaveURL(/\/staff\/sign-in/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to review applications" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await clippedContent(page), "sign-in at 320 px").toEqual([]);
  expect(await smallTargets(page), "sign-in at 320 px").toEqual([]);
});
