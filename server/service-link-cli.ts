// `npm run service:link -- --email a@b.edu`: prints a read-only link to that applicant's
// application (the service rendering, spec §6) for staff who review it. The link works without
// signing in and expires after SERVICE_TOKEN_MINUTES; it is built on PUBLIC_URL. Opens the
// configured database (DATABASE_URL, or PGlite in DATA_DIR) as `lookup:import` does, migrating first.
import { loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { findUser } from "./services/accounts";
import { mintServiceToken, serviceViewUrl } from "./services/service-tokens";

const USAGE = "Usage: npm run service:link -- --email APPLICANT@EXAMPLE.EDU";

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

function parseEmail(args: string[]): string {
  let email: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--email") {
      email = args[++i];
      if (email === undefined) fail("--email needs a value.");
    } else if (arg.startsWith("--email=")) email = arg.slice("--email=".length);
    else if (arg === "--help" || arg === "-h") fail("Prints a read-only link to an applicant's application.");
    else fail(`Unknown argument: ${arg}`);
  }
  if (!email?.trim()) fail("Give the applicant's e-mail address with --email.");
  // Accounts are stored trimmed and lower-cased.
  return email.trim().toLowerCase();
}

const email = parseEmail(process.argv.slice(2));
const config = loadConfig();
const handle = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  await handle.migrate();
  const user = await findUser(handle.db, email);
  if (!user) {
    console.error(`No account uses the e-mail address ${email}.`);
    process.exitCode = 1;
  } else {
    const minutes = config.serviceTokenMinutes;
    const { token, expiresAt } = await mintServiceToken(handle.db, {
      userId: user.id,
      purpose: "staff",
      now: new Date(),
      lifetimeMs: minutes * 60_000,
    });
    // The link alone on stdout, so scripts can take it; the note for people on stderr.
    process.stdout.write(`${serviceViewUrl(config.publicUrl, token)}\n`);
    console.error(
      `Read-only link to ${email}'s application, valid for ${minutes} minutes (until ${expiresAt.toISOString()}).`,
    );
  }
} finally {
  await handle.close();
}
