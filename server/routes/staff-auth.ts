import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AUTH_MESSAGES, isStrongPassword, isValidEmail, normalizeEmail } from "../../src/shared/auth-rules";
import { STAFF_CALLS, STAFF_MESSAGES } from "../../src/shared/staff";
import { HttpError } from "../http-error";
import { staffCodeMail } from "../mail/staff-mail";
import {
  clearSignInCookie,
  clearStaffSessionCookie,
  requireStaff,
  setSignInCookie,
  setStaffSessionCookie,
  signInTokenOf,
} from "../plugins/staff-sessions";
import { getDummyHash } from "../services/passwords";
import { setStaffPassword } from "../services/staff-accounts";
import { createStaffSession, endStaffSession } from "../services/staff-sessions";
import { SIGN_IN_LIFETIME_MS, startStaffSignIn, verifyStaffCode } from "../services/staff-sign-in";

// The staff review's account calls (decision 0022): sign-in with a password and then a mailed
// code, sign-out, and the password an invitation sets. Writes, so our client's header is required
// (plugins/security.ts); a failure's message is safe to show as it is.

const signInBody = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.loginEmailInvalid })
    .refine(isValidEmail, AUTH_MESSAGES.loginEmailInvalid)
    .transform(normalizeEmail),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(1000),
});
const codeBody = z.object({
  code: z
    .string({ error: STAFF_MESSAGES.codeFormat })
    .transform((code) => code.replace(/\s/g, ""))
    .refine((code) => /^\d{6}$/.test(code), STAFF_MESSAGES.codeFormat),
});
const setPasswordBody = z.object({
  token: z.string({ error: STAFF_MESSAGES.inviteInvalid }).min(1, STAFF_MESSAGES.inviteInvalid).max(200),
  password: z
    .string({ error: AUTH_MESSAGES.passwordWeak })
    .max(1000, AUTH_MESSAGES.passwordWeak)
    .refine(isStrongPassword, AUTH_MESSAGES.passwordWeak),
});

export const staffAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  // A first sign-in for an unknown address takes as long as for a known one.
  void getDummyHash();
  // The first problem, as its message alone (the pages show it as is).
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as z.ZodType).safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new HttpError(400, result.error.issues[0]?.message ?? "Send a JSON object.") };
  });

  app.get(STAFF_CALLS.me, async (request) => ({ email: requireStaff(request).email }));

  app.post(STAFF_CALLS.signIn, { schema: { body: signInBody } }, async (request, reply) => {
    const { email, password } = request.body;
    const { token, code } = await startStaffSignIn(app.db, app.clock(), { email, password, ip: request.ip });
    app.mailer.dispatch({ to: email, ...staffCodeMail(email, code, SIGN_IN_LIFETIME_MS / 60_000) });
    setSignInCookie(request, reply, token);
    return { message: STAFF_MESSAGES.codeSent };
  });

  app.post(STAFF_CALLS.verifyCode, { schema: { body: codeBody } }, async (request, reply) => {
    const { staffId } = await verifyStaffCode(app.db, app.clock(), {
      token: signInTokenOf(request),
      code: request.body.code,
      ip: request.ip,
    });
    const { token } = await createStaffSession(app.db, staffId, app.clock());
    clearSignInCookie(request, reply);
    setStaffSessionCookie(request, reply, token);
    request.log.info({ staffId }, "staff signed in");
    return { message: STAFF_MESSAGES.signedIn };
  });

  app.post(STAFF_CALLS.signOut, async (request, reply) => {
    if (request.staff) await endStaffSession(app.db, request.staff.idHash);
    clearStaffSessionCookie(request, reply);
    return { message: "You are signed out." };
  });

  app.post(STAFF_CALLS.setPassword, { schema: { body: setPasswordBody } }, async (request) => {
    const { token, password } = request.body;
    if (!(await setStaffPassword(app.db, token, password, app.clock()))) {
      throw new HttpError(400, STAFF_MESSAGES.inviteInvalid);
    }
    return { message: STAFF_MESSAGES.passwordSet };
  });
};
