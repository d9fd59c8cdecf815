import { eq, sql } from "drizzle-orm";
import { toStorableText } from "../../src/shared/storable-text";
import type { Database } from "../db/database";
import { schools } from "../db/schema";
import { normalizeSchoolName, type SchoolCategory } from "./school-provider";

export type ImportRejection = { line: number; reason: string };
/** `removed`: with `replace`, how many schools of the category were there before. */
export type ImportResult = { imported: number; rejected: ImportRejection[]; removed?: number };

/** Columns a school file must have (in any order); `address_line_1`, `zip`, `country` are optional. */
export const REQUIRED_COLUMNS = ["ceeb", "name", "city", "state"] as const;
const OPTIONAL_COLUMNS = ["address_line_1", "zip", "country"] as const;
type Column = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

const CEEB = /^\d{4,6}$/;
const STATE = /^[A-Za-z]{2}$/;
const ZIP = /^\d{5}(?:-\d{4})?$/;
const NAME_MAX = 200;
const FIELD_MAX = 200;
const BATCH_SIZE = 500;

/** A file that cannot be imported at all (no header, a required column missing). */
export class ImportFileError extends Error {}

type CsvRecord = { line: number; fields: string[] } | { line: number; error: string };

/**
 * RFC 4180 records: comma-separated, fields optionally in double quotes (`""` is a quote; commas
 * and line breaks may be quoted), CRLF or LF, a leading BOM ignored. `line` is the line where the
 * record starts; a record with an unterminated quote is an error. Blank lines are skipped.
 */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const startLine = line;
    const fields: string[] = [];
    let field = "";
    let quoted = false;
    let bad: string | undefined;
    for (;;) {
      const char = text[i];
      if (char === undefined) {
        if (quoted) bad = "unterminated quoted field";
        break;
      }
      i++;
      if (quoted) {
        if (char === '"') {
          if (text[i] === '"') {
            field += '"';
            i++;
          } else quoted = false;
        } else {
          if (char === "\n") line++;
          field += char;
        }
      } else if (char === '"' && field === "") {
        quoted = true;
      } else if (char === ",") {
        fields.push(field);
        field = "";
      } else if (char === "\n" || char === "\r") {
        if (char === "\r" && text[i] === "\n") i++;
        line++;
        break;
      } else {
        field += char;
      }
    }
    fields.push(field);
    if (bad) records.push({ line: startLine, error: bad });
    else if (!(fields.length === 1 && fields[0]?.trim() === "")) records.push({ line: startLine, fields });
  }
  return records;
}

type SchoolRow = typeof schools.$inferInsert;

/**
 * Validates a CSV of schools (header `ceeb,name,city,state`, optionally `address_line_1`, `zip`,
 * `country`) into rows, with a reason for each rejected line. A CEEB code seen earlier in the file
 * rejects the later line. Throws `ImportFileError` when the header lacks a required column.
 */
export function validateSchoolsCsv(
  input: string,
  category: SchoolCategory,
): { rows: SchoolRow[]; rejected: ImportRejection[] } {
  // Decision 0006's text rule: a NUL or lone surrogate in the file must not fail the whole import.
  const [header, ...records] = parseCsv(toStorableText(input));
  if (!header || "error" in header) throw new ImportFileError("The file has no header line.");
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) {
    throw new ImportFileError(
      `The header lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (needs ${REQUIRED_COLUMNS.join(",")}).`,
    );
  }
  const at = new Map<Column, number>();
  for (const column of [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]) {
    const index = names.indexOf(column);
    if (index >= 0) at.set(column, index);
  }

  const rows: SchoolRow[] = [];
  const rejected: ImportRejection[] = [];
  const seen = new Map<string, number>();
  for (const record of records) {
    if ("error" in record) {
      rejected.push({ line: record.line, reason: record.error });
      continue;
    }
    const { line, fields } = record;
    if (fields.length !== names.length) {
      rejected.push({ line, reason: `expected ${names.length} fields, found ${fields.length}` });
      continue;
    }
    const get = (column: Column) => {
      const index = at.get(column);
      return index === undefined ? "" : (fields[index] ?? "").replace(/\s+/g, " ").trim();
    };
    const ceeb = get("ceeb");
    const name = get("name");
    const state = get("state");
    const zip = get("zip");
    const reason = !CEEB.test(ceeb)
      ? `ceeb "${ceeb}" is not 4 to 6 digits`
      : !name
        ? "name is empty"
        : name.length > NAME_MAX
          ? `name is longer than ${NAME_MAX} characters`
          : !normalizeSchoolName(name)
            ? "name has no letters or digits"
            : state && !STATE.test(state)
              ? `state "${state}" is not a 2-letter code`
              : zip && !ZIP.test(zip)
                ? `zip "${zip}" is not a 5-digit ZIP (or ZIP+4)`
                : (["city", "address_line_1", "country"] as const).some((c) => get(c).length > FIELD_MAX)
                  ? `a field is longer than ${FIELD_MAX} characters`
                  : seen.has(ceeb)
                    ? `duplicate ceeb ${ceeb} (first on line ${seen.get(ceeb)})`
                    : undefined;
    if (reason) {
      rejected.push({ line, reason });
      continue;
    }
    seen.set(ceeb, line);
    rows.push({
      category,
      ceeb,
      name,
      nameSearch: normalizeSchoolName(name),
      addressLine1: get("address_line_1") || null,
      city: get("city") || null,
      state: state.toUpperCase() || null,
      zip: zip || null,
      country: get("country").toUpperCase() || "USA",
    });
  }
  return { rows, rejected };
}

/** Serialises writers of one category's list: imports, replacements, the start-up's seeding. */
const SCHOOLS_LOCK_ID = 72_410_031;

/** Takes the list's lock for the rest of `tx` (PostgreSQL and PGlite alike). */
export async function lockSchoolList(tx: Pick<Database, "execute">): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SCHOOLS_LOCK_ID})`);
}

/**
 * Imports a schools CSV into one category: valid rows are upserted by (category, ceeb) in batches,
 * all in one transaction, so a re-import updates in place (idempotent) and a failure leaves the
 * table as it was. Schools missing from the file are kept, unless `replace`: then the category
 * holds exactly the file's valid rows afterwards (an institution's own list instead of the
 * shipped one), and a file without any valid row is refused rather than emptying the list.
 */
export async function importSchools(
  db: Database,
  category: SchoolCategory,
  input: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<ImportResult> {
  const { rows, rejected } = validateSchoolsCsv(input, category);
  if (replace && rows.length === 0) {
    throw new ImportFileError("No row of the file can be imported: the list was not replaced.");
  }
  let removed = 0;
  await db.transaction(async (tx) => {
    await lockSchoolList(tx);
    if (replace) {
      removed = (
        await tx.delete(schools).where(eq(schools.category, category)).returning({ ceeb: schools.ceeb })
      ).length;
    }
    await upsertSchools(tx, rows);
  });
  return replace ? { imported: rows.length, rejected, removed } : { imported: rows.length, rejected };
}

/** Inserts `rows`, updating the schools already there, in batches, within the caller's transaction. */
export async function upsertSchools(tx: Pick<Database, "insert">, rows: SchoolRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await tx
      .insert(schools)
      .values(rows.slice(start, start + BATCH_SIZE))
      .onConflictDoUpdate({
        target: [schools.category, schools.ceeb],
        set: {
          name: sql`excluded.name`,
          nameSearch: sql`excluded.name_search`,
          addressLine1: sql`excluded.address_line_1`,
          city: sql`excluded.city`,
          state: sql`excluded.state`,
          zip: sql`excluded.zip`,
          country: sql`excluded.country`,
          updatedAt: sql`now()`,
        },
      });
  }
}
