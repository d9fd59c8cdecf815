import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createMailer, type MailerOptions } from "../mail/mailer";
import type { Mailer } from "../mail/types";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export type MailPluginOptions = MailerOptions;

/**
 * `app.mailer`: over SMTP when SMTP_URL is set; otherwise each mail is written to
 * DATA_DIR/outbox/ as an .eml file and its subject and code or link are logged, so a person
 * running the server locally can finish sign-up (server/mail/mailer.ts).
 */
export const mailPlugin = fp(async (app: FastifyInstance, options: MailPluginOptions) => {
  const mailer = createMailer(options, app.log);
  app.decorate("mailer", mailer);
  app.addHook("onClose", () => mailer.close());
});
