// What the operator commands share (`npm run service:link`, `api-key:create`, `api-key:revoke`,
// `staff:invite`): their arguments, the database they open, and how they reach a server that holds
// DATA_DIR's embedded database (decision 0006: through the admin call the lock file names). Every
// refusal is one line on stderr and exit code 1, never a stack trace.
import { type Config, ConfigError, loadConfig } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { type DatabaseHandle, openDatabase } from "./db/database";

/** A refusal the operator reads: printed as one line. */
export class Refusal extends Error {}

/** `--name value` and `--name=value` for the allowed names; anything else is refused with `usage`. */
export function parseFlags<Name extends string>(
  args: readonly string[],
  names: readonly Name[],
  usage: string,
  help: string,
): Partial<Record<Name, string>> {
  const values: Partial<Record<Name, string>> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--help" || arg === "-h") throw new Refusal(`${help} ${usage}`);
    const name = names.find((candidate) => arg === `--${candidate}` || arg.startsWith(`--${candidate}=`));
    if (!name) throw new Refusal(`Unknown argument: ${arg}. ${usage}`);
    const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : args[++i];
    if (value === undefined) throw new Refusal(`--${name} needs a value. ${usage}`);
    values[name] = value;
  }
  return values;
}

export type RunningServer = { url: string; adminSecret: string };

/**
 * Runs `direct` on the configured database (migrated first), or, when a server holds DATA_DIR's
 * embedded database, `throughServer` with that server's address and admin secret.
 */
export async function onDatabaseOrServer<T>(
  command: string,
  direct: (handle: DatabaseHandle, config: Config) => Promise<T>,
  throughServer: (server: RunningServer, config: Config) => Promise<T>,
): Promise<T> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new Refusal(error.message);
    throw error;
  }
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir, holder: command },
    );
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    if (!error.holder?.server) throw new Refusal(error.message);
    console.error(
      `The server (pid ${error.holder.pid}) holds DATA_DIR: asking it at ${error.holder.server.url}.`,
    );
    return throughServer(error.holder.server, config);
  }
  try {
    await handle.migrate();
    return await direct(handle, config);
  } finally {
    await handle.close();
  }
}

/** POSTs `body` to the running server's admin call `path`; a refusal or no answer is a Refusal. */
export async function postToServer(
  server: RunningServer,
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.adminSecret}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new Refusal(
      `Could not reach the server at ${server.url} (${error instanceof Error ? error.message : String(error)}); try again once it runs, or stop it.`,
    );
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, body: answer };
}

/** The server's refusal as the operator's line. */
export function serverRefusal(
  server: RunningServer,
  answer: { status: number; body: Record<string, unknown> },
) {
  const reason = typeof answer.body.message === "string" ? answer.body.message : "no reason given";
  return new Refusal(`The server at ${server.url} refused (${answer.status}): ${reason}`);
}

/** Runs a command's `main`, printing any failure as one line and setting exit code 1. */
export async function runCommand(script: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof Refusal ? message : `${script} failed: ${message.split("\n")[0]}`);
    process.exitCode = 1;
  }
}
