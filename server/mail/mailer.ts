import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Mailer, OutgoingMail } from "./types";

/** What the mailer logs through: the server's logger, or a command's lines on stderr. */
export type MailLog = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
};

export type MailerOptions = {
  /** The outbox is `dataDir/outbox/` when no SMTP server is configured. */
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
};

/**
 * Over SMTP when SMTP_URL is set; otherwise each mail is written to DATA_DIR/outbox/ as an .eml
 * file and its subject and code or link are logged, so a person running the server locally can
 * finish sign-up. Used by the server (`app.mailer`) and by operator commands that mail
 * (`npm run staff:invite`).
 */
export function createMailer(options: MailerOptions, log: MailLog): Mailer & { close(): Promise<void> } {
  const message = (mail: OutgoingMail) => ({
    from: options.mailFrom,
    // An object, so nodemailer does not parse the address as a list ("a,b@x.edu").
    to: { name: "", address: mail.to },
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });
  let send: (mail: OutgoingMail) => Promise<void>;
  let closeTransport: () => void;

  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    send = async (mail) => {
      const info = await smtp.sendMail(message(mail));
      log.info({ messageId: info.messageId, subject: mail.subject }, "mail sent");
    };
    closeTransport = () => smtp.close();
  } else {
    const outbox = path.resolve(options.dataDir, "outbox");
    log.warn(
      { outbox },
      "SMTP_URL is not set: mails are written to the outbox and their codes and links logged. Set SMTP_URL in a deployment.",
    );
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
    send = async (mail) => {
      const info = await stream.sendMail(message(mail));
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`;
      const file = path.join(outbox, name);
      await writeFile(file, info.message);
      log.info(
        { to: mail.to, subject: mail.subject, file },
        `mail written to the outbox for ${mail.to}: ${mail.subject}; ${mail.summary}`,
      );
    };
    closeTransport = () => stream.close();
  }

  const pending = new Set<Promise<void>>();
  const mailer = {
    send,
    dispatch(mail: OutgoingMail) {
      const delivery: Promise<void> = send(mail)
        .catch((err) => log.error({ err, subject: mail.subject }, "sending mail failed"))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
    async close() {
      await mailer.idle();
      closeTransport();
    },
  };
  return mailer;
}
