// `npm run lookup:import -- --category college_ceeb FILE.csv`: imports schools for a lookup
// category into the configured database (DATABASE_URL, or PGlite in DATA_DIR), migrating first.
import { readFile } from "node:fs/promises";
import { loadConfig } from "../config";
import { openDatabase } from "../db/database";
import { ImportFileError, importSchools, REQUIRED_COLUMNS } from "./import-schools";
import { isSchoolCategory, SCHOOL_CATEGORIES } from "./school-provider";

const USAGE = `Usage: npm run lookup:import -- --category <${SCHOOL_CATEGORIES.join("|")}> FILE.csv
FILE.csv needs a header with the columns ${REQUIRED_COLUMNS.join(",")} (address_line_1, zip, country optional).`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

function parseArgs(args: string[]): { category: string; file: string } {
  let category: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--category") {
      category = args[++i];
      if (category === undefined) fail("--category needs a value.");
    } else if (arg.startsWith("--category=")) category = arg.slice("--category=".length);
    else if (arg === "--help" || arg === "-h") fail("Imports schools for a lookup category.");
    else if (arg.startsWith("-")) fail(`Unknown option: ${arg}`);
    else files.push(arg);
  }
  if (!category) fail("Give the category with --category.");
  if (!isSchoolCategory(category)) fail(`Unknown category: ${category}.`);
  if (files.length !== 1) fail(files.length === 0 ? "Give the CSV file to import." : "Give one CSV file.");
  return { category, file: files[0] ?? "" };
}

const { category, file } = parseArgs(process.argv.slice(2));
if (!isSchoolCategory(category)) fail(`Unknown category: ${category}.`);
let input: string;
try {
  input = await readFile(file, "utf8");
} catch (error) {
  fail(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
}

const config = loadConfig();
const handle = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  await handle.migrate();
  const { imported, rejected } = await importSchools(handle.db, category, input);
  process.stdout.write(`Imported ${imported} rows; rejected ${rejected.length}:\n`);
  for (const { line, reason } of rejected) process.stdout.write(`  line ${line}: ${reason}\n`);
} catch (error) {
  if (!(error instanceof ImportFileError)) throw error;
  console.error(`${file}: ${error.message}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
