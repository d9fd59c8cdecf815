// `npm run lookup:import -- [--replace] --category college_ceeb FILE.csv`: imports schools for a
// lookup category into the configured database (DATABASE_URL, or PGlite in DATA_DIR), migrating
// first; with --replace the file's schools become the whole list (the institution's own instead of
// the shipped one).
// While a server holds DATA_DIR's embedded database, no other process may open it (decision
// 0006): the rows then go to that server's admin call, authenticated with the secret it wrote to
// DATA_DIR's lock file.
import { readFile } from "node:fs/promises";
import { loadConfig } from "../config";
import { DataDirLockedError } from "../db/data-dir-lock";
import { type DatabaseHandle, openDatabase } from "../db/database";
import { ADMIN_IMPORT_PATH } from "../routes/admin-import";
import { ImportFileError, type ImportResult, importSchools, REQUIRED_COLUMNS } from "./import-schools";
import { isSchoolCategory, SCHOOL_CATEGORIES, type SchoolCategory } from "./school-provider";

const USAGE = `Usage: npm run lookup:import -- [--replace] --category <${SCHOOL_CATEGORIES.join("|")}> FILE.csv
FILE.csv needs a header with the columns ${REQUIRED_COLUMNS.join(",")} (address_line_1, zip, country optional).
Without --replace, the file's schools are added to the list (or updated); with it, they become the whole list.`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

function parseArgs(args: string[]): { category: string; file: string; replace: boolean } {
  let category: string | undefined;
  let replace = false;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--category") {
      category = args[++i];
      if (category === undefined) fail("--category needs a value.");
    } else if (arg.startsWith("--category=")) category = arg.slice("--category=".length);
    else if (arg === "--replace") replace = true;
    else if (arg === "--help" || arg === "-h") fail("Imports schools for a lookup category.");
    else if (arg.startsWith("-")) fail(`Unknown option: ${arg}`);
    else files.push(arg);
  }
  if (!category) fail("Give the category with --category.");
  if (!isSchoolCategory(category)) fail(`Unknown category: ${category}.`);
  if (files.length !== 1) fail(files.length === 0 ? "Give the CSV file to import." : "Give one CSV file.");
  return { category, file: files[0] ?? "", replace };
}

const { category, file, replace } = parseArgs(process.argv.slice(2));
if (!isSchoolCategory(category)) fail(`Unknown category: ${category}.`);
let input: string;
try {
  input = await readFile(file, "utf8");
} catch (error) {
  fail(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
}

function report({ imported, rejected, removed }: ImportResult): void {
  if (removed !== undefined) process.stdout.write(`Removed the ${removed} schools listed before.\n`);
  process.stdout.write(`Imported ${imported} rows; rejected ${rejected.length}:\n`);
  for (const { line, reason } of rejected) process.stdout.write(`  line ${line}: ${reason}\n`);
}

async function importDirectly(handle: DatabaseHandle, category: SchoolCategory): Promise<void> {
  try {
    await handle.migrate();
    report(await importSchools(handle.db, category, input, { replace }));
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    console.error(`${file}: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

async function importThroughServer(server: { url: string; adminSecret: string }, pid: number): Promise<void> {
  process.stdout.write(`The server (pid ${pid}) holds DATA_DIR: importing through it at ${server.url}.\n`);
  const url = `${server.url}${ADMIN_IMPORT_PATH}?category=${encodeURIComponent(category)}${replace ? "&replace=true" : ""}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${server.adminSecret}`, "content-type": "text/csv" },
      body: input,
    });
  } catch (error) {
    console.error(
      `Could not reach the server at ${server.url} (${error instanceof Error ? error.message : String(error)}); try again once it runs, or stop it.`,
    );
    process.exit(1);
  }
  const body = (await response.json().catch(() => ({}))) as Partial<ImportResult> & { message?: string };
  if (!response.ok || typeof body.imported !== "number") {
    console.error(
      `${file}: the server refused the import (${response.status}): ${body.message ?? "no reason given"}`,
    );
    process.exit(1);
  }
  report({ imported: body.imported, rejected: body.rejected ?? [], removed: body.removed });
}

const config = loadConfig();
if (config.databaseUrl) {
  // PostgreSQL is shared by design: import directly, whatever runs beside.
  await importDirectly(await openDatabase({ url: config.databaseUrl }), category);
} else {
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase({ dataDir: config.dataDir, holder: "npm run lookup:import" });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    if (!error.holder?.server) {
      console.error(error.message);
      process.exit(1);
    }
    await importThroughServer(error.holder.server, error.holder.pid);
  }
  if (handle) await importDirectly(handle, category);
}
