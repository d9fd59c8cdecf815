// `npm run service:link -- --email a@b.edu`: prints a read-only link to that applicant's
// application (the service rendering, spec §6) for staff who review it. The link works without
// signing in and expires after SERVICE_TOKEN_MINUTES; it is built on PUBLIC_URL. Opens the
// configured database (DATABASE_URL, or PGlite in DATA_DIR) as `lookup:import` does, migrating
// first; while a server holds DATA_DIR's embedded database, the link is minted by that server
// (POST /admin/service-link, with the secret it wrote to DATA_DIR's lock file). Every refusal is
// one line on stderr and exit code 1, never a stack trace (operator-cli.ts).
import {
  onDatabaseOrServer,
  parseFlags,
  postToServer,
  Refusal,
  runCommand,
  serverRefusal,
} from "./operator-cli";
import { ADMIN_SERVICE_LINK_PATH } from "./routes/admin-service-link";
import { mintStaffLink, normaliseEmail, type StaffLink, unknownAccountMessage } from "./services/staff-links";

const USAGE = "Usage: npm run service:link -- --email APPLICANT@EXAMPLE.EDU";

await runCommand("npm run service:link", async () => {
  const { email: given } = parseFlags(
    process.argv.slice(2),
    ["email"],
    USAGE,
    "Prints a read-only link to an applicant's application.",
  );
  if (!given?.trim()) throw new Refusal(`Give the applicant's e-mail address with --email. ${USAGE}`);
  const email = normaliseEmail(given);
  const link: StaffLink | null = await onDatabaseOrServer(
    "npm run service:link",
    ({ db }, config) =>
      mintStaffLink(db, {
        email,
        publicUrl: config.publicUrl,
        minutes: config.serviceTokenMinutes,
        now: new Date(),
      }),
    async (server) => {
      const answer = await postToServer(server, ADMIN_SERVICE_LINK_PATH, { email });
      if (answer.status === 404) return null;
      const { url, expires_at: expiresAt } = answer.body;
      if (answer.status !== 200 || typeof url !== "string" || typeof expiresAt !== "string") {
        throw serverRefusal(server, answer);
      }
      return { url, expiresAt: new Date(expiresAt) };
    },
  );
  if (!link) throw new Refusal(unknownAccountMessage(email));
  // The link alone on stdout, so scripts can take it; the note for people on stderr.
  process.stdout.write(`${link.url}\n`);
  const minutes = Math.round((link.expiresAt.getTime() - Date.now()) / 60_000);
  console.error(
    `Read-only link to ${email}'s application, valid for ${minutes} minutes (until ${link.expiresAt.toISOString()}).`,
  );
});
