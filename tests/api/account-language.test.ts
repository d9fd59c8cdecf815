import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { LANGUAGE_SAVED_MESSAGE } from "../../server/routes/language";
import { partner } from "../../src/config/partner";
import { UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { createAccount, login, PASSWORD, postPublic, uniqueAddress } from "../helpers/auth";
import { codeIn, linkIn, startSmtp, type TestSmtp } from "../helpers/smtp";
import { sendJson } from "../helpers/sync";
import {
  clientHeaders,
  createTestApp,
  signedInUser,
  TEST_PUBLIC_URL,
  type TestApp,
} from "../helpers/test-app";

// Issue 35: the language kept with the account (users.language, migration 0017), and the
// applicant's mails written in it, their links keeping ?lang=es.

let smtp: TestSmtp;
let test: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  // No pages: any application may be submitted (the receipt mail is what is tested here).
  test = await createTestApp({ smtpUrl: smtp.url, catalogue: [] });
});
afterAll(async () => {
  await test?.close();
  await smtp?.close();
});

async function storedLanguage(username: string) {
  const [user] = await test.database.db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.username, username));
  return user?.language;
}

const setLanguage = (cookie: string, language: unknown) =>
  sendJson(test, cookie, "POST", "/api/language", { language });

const submit = (cookie: string) =>
  test.app.inject({ method: "POST", url: "/api/submit", headers: clientHeaders(cookie) });

describe("sign-up in Spanish", () => {
  it("keeps the language with the account and mails the code in Spanish, its link keeping ?lang=es", async () => {
    const address = uniqueAddress("es").toLowerCase();
    const response = await postPublic(test, "/public/signup", {
      username: address,
      password: PASSWORD,
      language: "es",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedLanguage(address)).toBe("es");

    const mail = await smtp.nextMailTo(address);
    expect(mail.subject).toBe(`Su código de confirmación de ${partner.name}`);
    expect(mail.text).toContain("Use este código para confirmar su dirección de correo electrónico");
    expect(mail.text).toContain(`Este correo electrónico se envió a ${address}.`);
    expect(mail.html).toContain('<html lang="es">');
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(linkIn(mail, TEST_PUBLIC_URL).href).toBe(`${TEST_PUBLIC_URL}/confirm?lang=es`);
  });

  it("writes in English, with links as before, when the page said no language", async () => {
    const address = uniqueAddress("en").toLowerCase();
    await postPublic(test, "/public/signup", { username: address, password: PASSWORD });
    expect(await storedLanguage(address)).toBeNull();
    const mail = await smtp.nextMailTo(address);
    expect(mail.subject).toBe(`Your ${partner.name} confirmation code`);
    expect(mail.html).toContain('<html lang="en">');
    expect(linkIn(mail, TEST_PUBLIC_URL).href).toBe(`${TEST_PUBLIC_URL}/confirm`);
  });

  it("refuses a language it does not have", async () => {
    const address = uniqueAddress("fr").toLowerCase();
    const response = await postPublic(test, "/public/signup", {
      username: address,
      password: PASSWORD,
      language: "fr",
    });
    expect(response.statusCode).toBe(400);
    expect(await storedLanguage(address)).toBeUndefined();
  });
});

describe("POST /api/language", () => {
  it("keeps the applicant's switch with the account: the reset mail is then in Spanish, and sign-in says it", async () => {
    const { username, password } = await createAccount(test);
    const first = await login(test, username, password);
    expect(first.json()).toStrictEqual({ message: "You are logged in.", language: null });
    const cookie = `${first.cookies[0]?.name}=${first.cookies[0]?.value}`;

    const saved = await setLanguage(cookie, "es");
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toStrictEqual({ message: LANGUAGE_SAVED_MESSAGE });
    expect(await storedLanguage(username)).toBe("es");
    expect((await login(test, username, password)).json()).toMatchObject({ language: "es" });

    // Asked from an English page: the account's own language wins.
    await postPublic(test, "/public/forgot-password", { username, language: "en" });
    const mail = await smtp.nextMailTo(username);
    expect(mail.subject).toBe(`Restablezca su contraseña de ${partner.name}`);
    const link = linkIn(mail, `${TEST_PUBLIC_URL}/reset`);
    expect(link.searchParams.get("lang")).toBe("es");
    expect(link.searchParams.get("username")).toBe(username);

    await setLanguage(cookie, "en");
    expect(await storedLanguage(username)).toBe("en");
  });

  it("needs a session, and one of the app's languages", async () => {
    const anonymous = await setLanguage("", "es");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
    const user = await signedInUser(test);
    expect((await setLanguage(user.cookie, "fr")).statusCode).toBe(400);
    expect(await storedLanguage(user.username)).toBeNull();
  });
});

describe("the submission's receipt mail", () => {
  it("is sent once, in the account's language, with the completion page's link keeping ?lang=es", async () => {
    const user = await signedInUser(test);
    await setLanguage(user.cookie, "es");
    const submitted = await submit(user.cookie);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const mail = await smtp.nextMailTo(user.username);
    expect(mail.subject).toBe(`Su solicitud a ${partner.name} ha sido enviada`);
    const when = new Intl.DateTimeFormat("es-US", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(submitted.json().submitted_at),
    );
    expect(mail.text).toContain(`${partner.name} recibió su solicitud el ${when}`);
    expect(linkIn(mail, TEST_PUBLIC_URL).href).toBe(`${TEST_PUBLIC_URL}/completion?lang=es`);

    // Submitting again answers the same and mails nothing more.
    expect((await submit(user.cookie)).statusCode).toBe(200);
    const english = await signedInUser(test);
    await submit(english.cookie);
    const receipt = await smtp.nextMailTo(english.username);
    expect(receipt.subject).toBe(`Your ${partner.name} application has been submitted`);
    expect(linkIn(receipt, TEST_PUBLIC_URL).href).toBe(`${TEST_PUBLIC_URL}/completion`);
    expect(smtp.mailsTo(user.username)).toHaveLength(1);
  });
});
