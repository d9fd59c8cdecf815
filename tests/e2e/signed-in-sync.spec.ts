import { randomUUID } from "node:crypto";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { serverAnswers, serverProfile, signIn } from "./session";

test("a signed-in applicant's typing reaches the server", async ({ page }) => {
  await signIn(page);
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "Hello!" })).toBeVisible();
  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Katherine");
  await page
    .getByRole("region", { name: "Your name" })
    .getByRole("textbox", { name: "Last Name" })
    .fill("Johnson");
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect
    .poll(() => serverAnswers(page))
    .toMatchObject({ first_name: "Katherine", last_name: "Johnson" });
});

test("the page the applicant is on reaches the server; a load of the page it already has sends nothing", async ({
  page,
}) => {
  await signIn(page);
  const lastPage = async () => (await serverProfile(page)).last_page;
  await page.goto("/about");
  await expect.poll(lastPage).toBe("/about");
  // And the device has it confirmed: a page change still in its queue at the reload (the server
  // had it, its answer not yet taken in) is sent again with the reload's, rightly (npm test once).
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && new URL(request.url()).pathname === "/api/last-page") {
      sent.push((request.postDataJSON() as { last_page: string }).last_page);
    }
  });
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
  const step = (name: string) =>
    page.getByRole("navigation", { name: "Application steps" }).getByRole("link", { name: new RegExp(name) });
  await step("Your Academics").click();
  await expect.poll(lastPage).toBe("/education");
  // Back on the page the server had at the load: it has another now, so this one is sent.
  await step("About You").click();
  await expect.poll(lastPage).toBe("/about");
  expect(sent).toEqual(["/education", "/about"]);
});

test("edits made offline wait on the device and sync when the network returns", async ({ page, context }) => {
  await signIn(page);
  await page.goto("/about");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Dorothy");
  await expect(
    page.getByRole("status").filter({ hasText: /will sync when you're back online/ }),
  ).toBeVisible();

  // Reloading offline keeps the edit: the device is the source until the server confirms.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Dorothy");

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
  await expect.poll(() => serverAnswers(page)).toMatchObject({ first_name: "Dorothy" });
});

test("answers saved on another device appear after reload", async ({ page }) => {
  await signIn(page);
  await page.goto("/about");
  const saved = await page.request.put("/api/answer", {
    headers: { "X-Admissions-Client": "1", "Idempotency-Key": `other-device-${randomUUID()}` },
    data: { preferred_name: "Kay" },
  });
  expect(saved.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole("textbox", { name: /Preferred Name/ })).toHaveValue("Kay");
});

test("a profile the server cannot give opens the device's copy and says which failure it was: a toast for no connection or a server problem, the 'Unexpected Error' dialog for a refusal", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/about");
  await page.getByRole("textbox", { name: "Legal First Name" }).fill("Grace");
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();

  // No connection to the server (the browser thinks it is online): a toast, the device's copy.
  await page.route("**/api/profile", (route) => route.abort("connectionrefused"));
  await page.reload();
  await expect(page.getByText(/We couldn't reach the server to load your application\./)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Grace");
  await expectNoAxeViolations(page);

  // A server problem: said as such, with its message, never as a connection problem.
  await page.unroute("**/api/profile");
  await page.route("**/api/profile", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Busy"}' }),
  );
  await page.reload();
  await expect(page.getByText(/The server had a problem loading your application: Busy/)).toBeVisible();
  await expect(page.getByText(/We couldn't reach the server to load your application/)).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Grace");

  // A refusal: the spec's "Unexpected Error" modal with the server's message.
  await page.unroute("**/api/profile");
  await page.route("**/api/profile", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: '{"message":"Your application could not be read."}',
    }),
  );
  await page.reload();
  const dialog = page.getByRole("alertdialog", { name: "Unexpected Error" });
  await expect(dialog).toContainText("Your application could not be read.");
  await expect(dialog).toContainText("The answers saved on this device are shown");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toHaveValue("Grace");
});
