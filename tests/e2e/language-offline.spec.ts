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

  // Every answer to a language POST, from here on: the one that matters may come at any moment
  // after the network is back (or, where Chromium's offline emulation lapses for a document that a
  // reload put in a new renderer, as soon as the reloaded page's engine starts), so no wait is
  // installed late enough to miss it.
  const answered: { body: unknown; status: number }[] = [];
  page.on("response", (response) => {
    if (response.request().method() !== "POST" || new URL(response.url()).pathname !== "/api/language")
      return;
    answered.push({ body: response.request().postDataJSON(), status: response.status() });
  });

  await context.setOffline(true);
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  // The switch waits on the device, in the queue, as an answer would.
  await expect(
    page.getByRole("status").filter({ hasText: /^Guardado en este dispositivo: se sincronizará/ }),
  ).toBeVisible();
  expect(answered).toEqual([]);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Sobre usted" })).toBeVisible();
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await expect
    .poll(() => answered, { message: "the switch's POST /api/language, answered" })
    .toContainEqual({ body: { language: "es" }, status: 200 });
  await expect(page.getByRole("status").filter({ hasText: "Todos los cambios guardados" })).toBeVisible();
  expect(
    answered.filter(({ status }) => status !== 200),
    "no refused or failed send",
  ).toEqual([]);

  // The account's mails now come in Spanish: a reset asked without a page language uses it.
  const asked = await page.request.post("/public/forgot-password", {
    data: { username },
    headers: CLIENT_HEADERS,
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  await waitForMail(username, /Recibimos una solicitud para restablecer la contraseña/);
});
