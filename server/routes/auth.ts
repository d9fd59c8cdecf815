import type { FastifySchemaCompiler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import type { Language } from "../../src/i18n/language";
import { HttpError } from "../http-error";
import { clearSignupCookie, setSessionCookies, setSignupCookie, signupTokenOf } from "../plugins/sessions";
import { ACCOUNT_MESSAGES } from "../services/account-messages";
import { type AccountContext, confirmAccount, resendCode, signUp } from "../services/accounts";
import { logIn, UnconfirmedLogin } from "../services/login";
import { requestPasswordReset, resetPassword } from "../services/password-reset";
import { getDummyHash } from "../services/passwords";
import { bindBrowser, browserTokenHash, newBrowserToken } from "../services/signup-passwords";
import { confirmBody, forgotBody, loginBody, resendBody, resetBody, signupBody } from "./auth-schemas";

/**
 * Answers a body that fails its schema with 400 and the first problem's message as it is (the
 * spec's field messages), instead of the generic "Invalid body: …" of other routes.
 */
const firstIssueCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new HttpError(400, result.error.issues[0]?.message ?? ACCOUNT_MESSAGES.bodyNotObject) };
  };

export const authRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, options) => {
  app.setValidatorCompiler(firstIssueCompiler);
  // Compute the dummy hash now rather than during the first login for an unknown address.
  void getDummyHash();

  const context = (request: { log: AccountContext["log"]; body?: unknown }): AccountContext => {
    const language = (request.body as { language?: Language } | undefined)?.language;
    return {
      db: app.db,
      now: app.clock(),
      mailer: app.mailer,
      publicUrl: options.publicUrl,
      log: request.log,
      ...(language ? { language } : {}),
    };
  };

  // Every sign-up answer sets the cookie, whatever the address's state (no enumeration).
  app.post("/public/signup", { schema: { body: signupBody } }, async (request, reply) => {
    const browser = newBrowserToken();
    const message = await signUp(context(request), { ...request.body, browserTokenHash: browser.hash });
    setSignupCookie(request, reply, browser.token);
    return { message };
  });

  app.post("/public/confirm", { schema: { body: confirmBody } }, async (request, reply) => {
    const browser = browserTokenHash(signupTokenOf(request));
    const message = await confirmAccount(context(request), { ...request.body, browserTokenHash: browser });
    clearSignupCookie(request, reply);
    return { message };
  });

  app.post("/public/resend-confirm", { schema: { body: resendBody } }, async (request) => ({
    message: await resendCode(context(request), request.body),
  }));

  app.post("/public/login", { schema: { body: loginBody } }, async (request, reply) => {
    try {
      const { token, language } = await logIn(app.db, app.clock(), { ...request.body, ip: request.ip });
      setSessionCookies(request, reply, token);
      // The account's language (issue 35; null: never chosen), for the device to show it in.
      return { message: ACCOUNT_MESSAGES.loggedIn, language };
    } catch (error) {
      // The right password of an unconfirmed account: this browser may confirm with it.
      if (error instanceof UnconfirmedLogin) {
        const browser = newBrowserToken();
        await bindBrowser(app.db, error.signupPasswordId, browser.hash);
        setSignupCookie(request, reply, browser.token);
      }
      throw error;
    }
  });

  app.post("/public/forgot-password", { schema: { body: forgotBody } }, async (request) => ({
    message: await requestPasswordReset(context(request), request.body),
  }));

  app.post("/public/reset-password", { schema: { body: resetBody } }, async (request) => ({
    message: await resetPassword(context(request), request.body),
  }));
};
