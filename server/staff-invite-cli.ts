// `npm run staff:invite -- --email a@b.edu`: makes a staff account for the application review (or,
// for an existing one, a new link to set its password) and mails the link to set the password
// (decision 0022). On the configured database with the configured mail (SMTP_URL, or the outbox
// in DATA_DIR), or through the server that holds DATA_DIR's embedded database.
import { isValidEmail, normalizeEmail } from "../src/shared/auth-rules";
import { createMailer } from "./mail/mailer";
import {
  onDatabaseOrServer,
  parseFlags,
  postToServer,
  Refusal,
  runCommand,
  serverRefusal,
} from "./operator-cli";
import { ADMIN_STAFF_INVITE_PATH, STAFF_EMAIL_RULE } from "./routes/admin-staff-invite";
import { sendStaffInvitation } from "./services/staff-invitations";

const USAGE = "Usage: npm run staff:invite -- --email STAFF@EXAMPLE.EDU";

await runCommand("npm run staff:invite", async () => {
  const { email: given } = parseFlags(
    process.argv.slice(2),
    ["email"],
    USAGE,
    "Invites a staff member to review applications.",
  );
  if (!given?.trim()) throw new Refusal(`Give the staff member's e-mail address with --email. ${USAGE}`);
  if (!isValidEmail(given)) throw new Refusal(STAFF_EMAIL_RULE);
  const email = normalizeEmail(given);
  await onDatabaseOrServer(
    "npm run staff:invite",
    async ({ db }, config) => {
      // The mailer's lines for the operator (without SMTP_URL: where the mail and its link went).
      const line = (_fields: object, message: string) => console.error(message);
      const mailer = createMailer(config, { info: line, warn: line, error: line });
      try {
        await sendStaffInvitation(db, mailer, { email, publicUrl: config.publicUrl, now: new Date() });
      } finally {
        await mailer.close();
      }
    },
    async (server) => {
      const answer = await postToServer(server, ADMIN_STAFF_INVITE_PATH, { email });
      if (answer.status !== 200) throw serverRefusal(server, answer);
    },
  );
  console.error(`Invitation sent to ${email}: the link to choose a password is valid for 72 hours.`);
});
