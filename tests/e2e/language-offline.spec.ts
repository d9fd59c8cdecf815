import { expect, expectNoAxeViolations, test } from "./fixtures";
import { waitForMail } from "./mail-outbox";
import { CLIENT_HEADERS, signIn } from "./session";

// Issue 35: the language is kept with the account, whose mails and application PDF are written in
// it. A switch made offline waits on the device like an answer and reaches the account once the
// network is back, even across a reload meanwhile.

test("a language switch made offline reaches the account once back online, and its mails are in it", async ({
  page,
  context,
}) => {
  const username = await signIn(page);
  await page.goto("/about");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Sobre usted" })).toBeVisible();
  await expectNoAxeViolations(page);

  const kept = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname === "/api/language",
  );
  await context.setOffline(false);
  const response = await kept;
  expect(response.ok()).toBe(true);
  expect(response.request().postDataJSON()).toEqual({ language: "es" });
  await expect(page.getByRole("status").filter({ hasText: "Todos los cambios guardados" })).toBeVisible();

  // The account's mails now come in Spanish: a reset asked without a page language uses it.
  const asked = await page.request.post("/public/forgot-password", {
    data: { username },
    headers: CLIENT_HEADERS,
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  await waitForMail(username, /Recibimos una solicitud para restablecer la contraseña/);
});
