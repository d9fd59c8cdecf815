import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inviteStaff } from "../../server/services/staff-accounts";
import { CLIENT_HEADER } from "../../src/shared/constants";
import {
  STAFF_CALLS,
  STAFF_MESSAGES,
  STAFF_SESSION_COOKIE,
  STAFF_SIGN_IN_COOKIE,
} from "../../src/shared/staff";
import { OTHER_PASSWORD, PASSWORD } from "../helpers/auth";
import { codeIn, linkIn, startSmtp, type TestSmtp } from "../helpers/smtp";
import { cookieFrom, staffGet, staffMember, staffPost, staffSession } from "../helpers/staff";
import {
  clientHeaders,
  createSiblingApp,
  createTestApp,
  signedInUser,
  TEST_PUBLIC_URL,
  type TestApp,
} from "../helpers/test-app";

// Staff accounts of the review (issue 32, decision 0022): invitation → password → sign-in with the
// password and a mailed code; their own cookies; throttles; no enumeration; nothing shared with
// applicants' sessions.

let smtp: TestSmtp;
let test: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  test = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await test?.close();
  await smtp?.close();
});

const address = () => `staff-${Math.random().toString(36).slice(2, 10)}@northbridge.example`;

describe("the invitation", () => {
  it("sets the password once through the link; a used, forged or expired link is refused alike", async () => {
    const email = address();
    const { token } = await inviteStaff(test.database.db, email, test.app.clock());
    const weak = await staffPost(test, STAFF_CALLS.setPassword, { token, password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toStrictEqual({
      message: "Your password does not meet all of the requirements listed.",
    });

    const set = await staffPost(test, STAFF_CALLS.setPassword, { token, password: PASSWORD });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toStrictEqual({ message: STAFF_MESSAGES.passwordSet });
    const again = await staffPost(test, STAFF_CALLS.setPassword, { token, password: OTHER_PASSWORD });
    const forged = await staffPost(test, STAFF_CALLS.setPassword, {
      token: "x".repeat(43),
      password: PASSWORD,
    });
    const { token: late } = await inviteStaff(test.database.db, address(), test.app.clock());
    test.advanceClock(73 * 60 * 60 * 1000);
    const expired = await staffPost(test, STAFF_CALLS.setPassword, { token: late, password: PASSWORD });
    for (const refused of [again, forged, expired]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toStrictEqual({ message: STAFF_MESSAGES.inviteInvalid });
    }
  });

  it("is mailed by the admin call with a link on PUBLIC_URL, and a new one ends the earlier link", async () => {
    const secret = "admin-secret-for-this-test";
    const admin = await createSiblingApp(test, { smtpUrl: smtp.url, adminImportSecret: secret });
    try {
      const email = address();
      const invite = () =>
        admin.app.inject({
          method: "POST",
          url: "/admin/staff-invite",
          headers: { authorization: `Bearer ${secret}` },
          payload: { email: email.toUpperCase() },
        });
      expect((await invite()).statusCode).toBe(200);
      const first = linkIn(await smtp.nextMailTo(email), `${TEST_PUBLIC_URL}/staff/set-password?token=`);
      expect((await invite()).statusCode).toBe(200);
      const second = linkIn(await smtp.nextMailTo(email), `${TEST_PUBLIC_URL}/staff/set-password?token=`);
      const stale = await staffPost(test, STAFF_CALLS.setPassword, {
        token: first.searchParams.get("token"),
        password: PASSWORD,
      });
      expect(stale.json()).toStrictEqual({ message: STAFF_MESSAGES.inviteInvalid });
      const fresh = await staffPost(test, STAFF_CALLS.setPassword, {
        token: second.searchParams.get("token"),
        password: PASSWORD,
      });
      expect(fresh.statusCode).toBe(200);
      const unauthorised = await admin.app.inject({
        method: "POST",
        url: "/admin/staff-invite",
        headers: { authorization: "Bearer guessed" },
        payload: { email },
      });
      expect(unauthorised.statusCode).toBe(401);
    } finally {
      await admin.close();
    }
  });
});

describe("signing in", () => {
  it("takes the password, mails a code, and opens a session with the code; cookies HttpOnly and SameSite=Strict", async () => {
    const staff = await staffMember(test, address());
    const signIn = await staffPost(test, STAFF_CALLS.signIn, {
      email: staff.email.toUpperCase(),
      password: staff.password,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toStrictEqual({ message: STAFF_MESSAGES.codeSent });
    const pending = signIn.cookies.find((cookie) => cookie.name === STAFF_SIGN_IN_COOKIE);
    expect(pending).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    const mail = await smtp.nextMailTo(staff.email);
    expect(mail.subject).toBe("Your Northbridge University review sign-in code");

    const me = await staffGet(test, STAFF_CALLS.me, cookieFrom(signIn, STAFF_SIGN_IN_COOKIE));
    expect(me.statusCode).toBe(401);
    const verified = await staffPost(
      test,
      STAFF_CALLS.verifyCode,
      { code: ` ${codeIn(mail)} ` },
      { cookie: cookieFrom(signIn, STAFF_SIGN_IN_COOKIE) },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const session = verified.cookies.find((cookie) => cookie.name === STAFF_SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(session?.secure).toBeFalsy();
    const cookie = cookieFrom(verified, STAFF_SESSION_COOKIE);
    expect((await staffGet(test, STAFF_CALLS.me, cookie)).json()).toStrictEqual({ email: staff.email });
    // The code is used up with its sign-in.
    const replay = await staffPost(
      test,
      STAFF_CALLS.verifyCode,
      { code: codeIn(mail) },
      {
        cookie: cookieFrom(signIn, STAFF_SIGN_IN_COOKIE),
      },
    );
    expect(replay.json()).toStrictEqual({ message: STAFF_MESSAGES.signInExpired });
  });

  it("answers a wrong password and an unknown address alike, and mails nothing", async () => {
    const staff = await staffMember(test, address());
    const wrong = await staffPost(test, STAFF_CALLS.signIn, { email: staff.email, password: OTHER_PASSWORD });
    const unknown = await staffPost(test, STAFF_CALLS.signIn, { email: address(), password: PASSWORD });
    const invitedOnly = address();
    await inviteStaff(test.database.db, invitedOnly, test.app.clock());
    const noPassword = await staffPost(test, STAFF_CALLS.signIn, { email: invitedOnly, password: PASSWORD });
    for (const response of [wrong, unknown, noPassword]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toStrictEqual({ message: STAFF_MESSAGES.wrongCredentials });
      expect(response.cookies).toHaveLength(0);
    }
    expect(smtp.mailsTo(staff.email)).toHaveLength(0);
  });

  it("ends a sign-in after five wrong codes; only the latest code works; a sign-in expires after 10 minutes", async () => {
    const staff = await staffMember(test, address());
    const first = await staffPost(test, STAFF_CALLS.signIn, staff);
    const oldCode = codeIn(await smtp.nextMailTo(staff.email));
    const second = await staffPost(test, STAFF_CALLS.signIn, staff);
    const code = codeIn(await smtp.nextMailTo(staff.email));
    const stale = await staffPost(
      test,
      STAFF_CALLS.verifyCode,
      { code: oldCode },
      {
        cookie: cookieFrom(first, STAFF_SIGN_IN_COOKIE),
      },
    );
    expect(stale.json()).toStrictEqual({ message: STAFF_MESSAGES.signInExpired });

    const cookie = cookieFrom(second, STAFF_SIGN_IN_COOKIE);
    const wrongCode = code === "000000" ? "000001" : "000000";
    for (let i = 1; i <= 4; i++) {
      const wrong = await staffPost(test, STAFF_CALLS.verifyCode, { code: wrongCode }, { cookie });
      expect(wrong.json()).toStrictEqual({ message: STAFF_MESSAGES.codeWrong });
    }
    const fifth = await staffPost(test, STAFF_CALLS.verifyCode, { code: wrongCode }, { cookie });
    expect(fifth.json()).toStrictEqual({ message: STAFF_MESSAGES.tooManyCodes });
    const tooLate = await staffPost(test, STAFF_CALLS.verifyCode, { code }, { cookie });
    expect(tooLate.json()).toStrictEqual({ message: STAFF_MESSAGES.signInExpired });

    const third = await staffPost(test, STAFF_CALLS.signIn, staff);
    const thirdCode = codeIn(await smtp.nextMailTo(staff.email));
    test.advanceClock(11 * 60 * 1000);
    const expired = await staffPost(
      test,
      STAFF_CALLS.verifyCode,
      { code: thirdCode },
      {
        cookie: cookieFrom(third, STAFF_SIGN_IN_COOKIE),
      },
    );
    expect(expired.json()).toStrictEqual({ message: STAFF_MESSAGES.signInExpired });
    const noCookie = await staffPost(test, STAFF_CALLS.verifyCode, { code: thirdCode });
    expect(noCookie.json()).toStrictEqual({ message: STAFF_MESSAGES.signInExpired });
    const malformed = await staffPost(test, STAFF_CALLS.verifyCode, { code: "12ab56" });
    expect(malformed.json()).toStrictEqual({ message: STAFF_MESSAGES.codeFormat });
  });

  it("locks an address after six wrong passwords, even for the right one (429 with Retry-After)", async () => {
    const staff = await staffMember(test, address());
    // Five failures are free; the sixth locks the address, as for applicants.
    for (let i = 0; i < 6; i++) {
      const wrong = await staffPost(test, STAFF_CALLS.signIn, {
        email: staff.email,
        password: OTHER_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await staffPost(test, STAFF_CALLS.signIn, staff);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect(smtp.mailsTo(staff.email)).toHaveLength(0);
  });

  it("refuses a write without our client's header or from another site (CSRF)", async () => {
    const staff = await staffMember(test, address());
    const bare = await test.app.inject({ method: "POST", url: STAFF_CALLS.signIn, payload: staff });
    const crossSite = await staffPost(test, STAFF_CALLS.signIn, staff, {
      headers: { "sec-fetch-site": "cross-site" },
    });
    const foreign = await staffPost(test, STAFF_CALLS.signIn, staff, {
      headers: { origin: "https://evil.example" },
    });
    for (const refused of [bare, crossSite, foreign]) expect(refused.statusCode).toBe(403);
    expect(smtp.mailsTo(staff.email)).toHaveLength(0);
  });

  it("over HTTPS names its cookies __Host- and marks them Secure", async () => {
    const behindProxy = await createSiblingApp(test, { smtpUrl: smtp.url, trustProxy: 1 });
    try {
      const staff = await staffMember(test, address());
      const https = { "x-forwarded-proto": "https" };
      const signIn = await behindProxy.app.inject({
        method: "POST",
        url: STAFF_CALLS.signIn,
        headers: { [CLIENT_HEADER]: "1", ...https },
        payload: staff,
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      expect(signIn.cookies[0]).toMatchObject({ name: `__Host-${STAFF_SIGN_IN_COOKIE}`, secure: true });
      const code = codeIn(await smtp.nextMailTo(staff.email));
      const verified = await behindProxy.app.inject({
        method: "POST",
        url: STAFF_CALLS.verifyCode,
        headers: {
          [CLIENT_HEADER]: "1",
          ...https,
          cookie: cookieFrom(signIn, `__Host-${STAFF_SIGN_IN_COOKIE}`),
        },
        payload: { code },
      });
      expect(verified.statusCode, verified.body).toBe(200);
      const session = verified.cookies.find((cookie) => cookie.name === `__Host-${STAFF_SESSION_COOKIE}`);
      expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict", path: "/" });
      // Over HTTPS the unprefixed name opens nothing.
      const plain = await behindProxy.app.inject({
        method: "GET",
        url: STAFF_CALLS.me,
        headers: { ...https, cookie: `${STAFF_SESSION_COOKIE}=${session?.value}` },
      });
      expect(plain.statusCode).toBe(401);
    } finally {
      await behindProxy.close();
    }
  });
});

describe("staff sessions", () => {
  it("end after 30 idle minutes, at sign-out, and when the password is set again", async () => {
    const staff = await staffMember(test, address());
    const idle = await staffSession(test, smtp, staff);
    test.advanceClock(31 * 60 * 1000);
    expect((await staffGet(test, STAFF_CALLS.me, idle)).statusCode).toBe(401);

    const signedOut = await staffSession(test, smtp, staff);
    const out = await staffPost(test, STAFF_CALLS.signOut, {}, { cookie: signedOut });
    expect(out.statusCode).toBe(200);
    expect((await staffGet(test, STAFF_CALLS.me, signedOut)).statusCode).toBe(401);

    const reset = await staffSession(test, smtp, staff);
    const { token } = await inviteStaff(test.database.db, staff.email, test.app.clock());
    await staffPost(test, STAFF_CALLS.setPassword, { token, password: OTHER_PASSWORD });
    expect((await staffGet(test, STAFF_CALLS.me, reset)).statusCode).toBe(401);
  });

  it("are not applicants' sessions: neither opens the other's calls", async () => {
    const applicant = await signedInUser(test);
    const staffCookie = await staffSession(test, smtp, await staffMember(test, address()));
    const staffReads = [STAFF_CALLS.me, STAFF_CALLS.applications, STAFF_CALLS.export];
    for (const url of [
      ...staffReads,
      STAFF_CALLS.application(applicant.userId),
      STAFF_CALLS.pdf(applicant.userId),
    ]) {
      const refused = await staffGet(test, url, applicant.cookie);
      expect(refused.statusCode, url).toBe(401);
      expect(refused.json(), url).toStrictEqual({ message: STAFF_MESSAGES.signedOut });
    }
    // A staff sign-out with an applicant's cookie ends nothing of the applicant's.
    await staffPost(test, STAFF_CALLS.signOut, {}, { cookie: applicant.cookie });
    const profile = await test.app.inject({
      method: "GET",
      url: "/api/profile",
      headers: clientHeaders(applicant.cookie),
    });
    expect(profile.statusCode).toBe(200);
    for (const url of ["/api/profile", "/api/pdf"]) {
      const response = await test.app.inject({ method: "GET", url, headers: clientHeaders(staffCookie) });
      expect(response.statusCode, url).toBe(401);
    }
    const integration = await staffGet(test, "/integration/v1/applications", staffCookie);
    expect(integration.statusCode).toBe(401);
  });
});
