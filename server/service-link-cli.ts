// `npm run service:link -- --email a@b.edu`: prints a read-only link to that applicant's
// application (the service rendering, spec §6) for staff who review it. The link works without
// signing in and expires after SERVICE_TOKEN_MINUTES; it is built on PUBLIC_URL. Opens the
// configured database (DATABASE_URL, or PGlite in DATA_DIR) as `lookup:import` does, migrating
// first; while a server holds DATA_DIR's embedded database, the link is minted by that server
// (POST /admin/service-link, with the secret it wrote to DATA_DIR's lock file). Every refusal is
// one line on stderr and exit code 1, never a stack trace.
import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { type DatabaseHandle, openDatabase } from "./db/database";
import { ADMIN_SERVICE_LINK_PATH } from "./routes/admin-service-link";
import { mintStaffLink, normaliseEmail, type StaffLink, unknownAccountMessage } from "./services/staff-links";

const USAGE = "Usage: npm run service:link -- --email APPLICANT@EXAMPLE.EDU";

/** A refusal the operator reads: printed as one line. */
class Refusal extends Error {}

function parseEmail(args: string[]): string {
  let email: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--email") {
      email = args[++i];
      if (email === undefined) throw new Refusal(`--email needs a value. ${USAGE}`);
    } else if (arg.startsWith("--email=")) email = arg.slice("--email=".length);
    else if (arg === "--help" || arg === "-h")
      throw new Refusal(`Prints a read-only link to an applicant's application. ${USAGE}`);
    else throw new Refusal(`Unknown argument: ${arg}. ${USAGE}`);
  }
  if (!email?.trim()) throw new Refusal(`Give the applicant's e-mail address with --email. ${USAGE}`);
  return normaliseEmail(email);
}

async function mintDirectly(handle: DatabaseHandle, email: string, config: ReturnType<typeof loadConfig>) {
  try {
    await handle.migrate();
    return await mintStaffLink(handle.db, {
      email,
      publicUrl: config.publicUrl,
      minutes: config.serviceTokenMinutes,
      now: new Date(),
    });
  } finally {
    await handle.close();
  }
}

async function mintThroughServer(
  server: { url: string; adminSecret: string },
  email: string,
): Promise<StaffLink> {
  let response: Response;
  try {
    response = await fetch(`${server.url}${ADMIN_SERVICE_LINK_PATH}`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.adminSecret}`, "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
  } catch (error) {
    throw new Refusal(
      `Could not reach the server at ${server.url} (${error instanceof Error ? error.message : String(error)}); try again once it runs, or stop it.`,
    );
  }
  const body = (await response.json().catch(() => ({}))) as {
    url?: unknown;
    expires_at?: unknown;
    message?: unknown;
  };
  if (response.status === 404) throw new Refusal(unknownAccountMessage(email));
  if (!response.ok || typeof body.url !== "string" || typeof body.expires_at !== "string") {
    const reason = typeof body.message === "string" ? body.message : "no reason given";
    throw new Refusal(`The server at ${server.url} refused the link (${response.status}): ${reason}`);
  }
  return { url: body.url, expiresAt: new Date(body.expires_at) };
}

async function main(): Promise<void> {
  const email = parseEmail(process.argv.slice(2));
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new Refusal(error.message);
    throw error;
  }
  let link: StaffLink | null = null;
  if (config.databaseUrl) {
    link = await mintDirectly(await openDatabase({ url: config.databaseUrl }), email, config);
  } else {
    let handle: DatabaseHandle | undefined;
    try {
      handle = await openDatabase({ dataDir: config.dataDir, holder: "npm run service:link" });
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      if (!error.holder?.server) throw new Refusal(error.message);
      console.error(
        `The server (pid ${error.holder.pid}) holds DATA_DIR: the link is made by it at ${error.holder.server.url}.`,
      );
      link = await mintThroughServer(error.holder.server, email);
    }
    if (handle) link = await mintDirectly(handle, email, config);
  }
  if (!link) throw new Refusal(unknownAccountMessage(email));
  // The link alone on stdout, so scripts can take it; the note for people on stderr.
  process.stdout.write(`${link.url}\n`);
  const minutes = Math.round((link.expiresAt.getTime() - Date.now()) / 60_000);
  console.error(
    `Read-only link to ${email}'s application, valid for ${minutes} minutes (until ${link.expiresAt.toISOString()}).`,
  );
}

try {
  await main();
} catch (error) {
  // One line for the operator: what went wrong, never a stack trace.
  const message = error instanceof Error ? error.message : String(error);
  console.error(
    error instanceof Refusal ? message : `npm run service:link failed: ${message.split("\n")[0]}`,
  );
  process.exitCode = 1;
}
