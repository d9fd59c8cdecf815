import { inArray } from "drizzle-orm";
import type { FormPage } from "../../src/form/catalogue-types";
import { indexCatalogue } from "../../src/form/engine/catalogue-index";
import { codedSource } from "../../src/form/engine/question-keys";
import type { Database } from "../db/database";
import { answers } from "../db/schema";
import {
  type ApplicationSummary,
  type ListFilter,
  listApplications,
  storedAnswerKeys,
} from "./application-list";

// The staff review's CSV export (decision 0022): one row per application of the filtered list,
// one column per answer key, each coded answer's `_desc` (its option's label) beside it. UTF-8
// with a byte order mark, so spreadsheet programs read accents; CRLF lines and RFC 4180 quoting.
// Written a page of applications at a time, so an export of a whole cycle never sits in memory.

const BOM = "\uFEFF";
const PAGE = 200;
const LEADING = ["id", "email", "name", "web_status", "submitted_at", "updated_at"] as const;

/** The answer columns: the catalogue's keys in form order (a coded one with its `_desc`), then any other stored key. */
export function answerColumns(pages: readonly FormPage[], stored: readonly string[]): string[] {
  const columns: string[] = [];
  for (const [key, { question }] of indexCatalogue(pages).byKey) {
    columns.push(key);
    if (codedSource(question, key, {}) !== undefined) columns.push(`${key}_desc`);
  }
  const known = new Set(columns);
  return [...columns, ...stored.filter((key) => !known.has(key))];
}

/**
 * A CSV field: quoted when it holds a quote, comma or line break. A value a spreadsheet would run
 * as a formula (starting with = + - @, a tab or a carriage return) is prefixed with an apostrophe
 * (OWASP's advice on CSV injection): an applicant's answer is never run on a staff computer.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (fields: readonly string[]) => `${fields.map(csvField).join(",")}\r\n`;

/**
 * The export's text, page by page; `onPage` runs before a page's rows are given (the audit log:
 * nothing leaves unrecorded).
 */
export async function* applicationsCsv(
  db: Database,
  pages: readonly FormPage[],
  filter: ListFilter,
  onPage: (applications: readonly ApplicationSummary[]) => Promise<void>,
): AsyncGenerator<string> {
  const columns = answerColumns(pages, await storedAnswerKeys(db, filter));
  yield BOM + csvLine([...LEADING, ...columns]);
  let cursor: string | undefined;
  do {
    const page = await listApplications(db, filter, { cursor, limit: PAGE, order: "newest-first" });
    if (page.applications.length === 0) break;
    await onPage(page.applications);
    const ids = page.applications.map((application) => application.id);
    const stored = await db
      .select({ userId: answers.userId, key: answers.key, value: answers.value })
      .from(answers)
      .where(inArray(answers.userId, ids));
    const byApplication = new Map<string, Map<string, string>>();
    for (const row of stored) {
      const values = byApplication.get(row.userId) ?? new Map<string, string>();
      values.set(row.key, row.value);
      byApplication.set(row.userId, values);
    }
    let text = "";
    for (const application of page.applications) {
      const values = byApplication.get(application.id);
      text += csvLine([
        application.id,
        application.username,
        application.name,
        application.web_status ?? "",
        application.submitted_at ?? "",
        application.updated_at,
        ...columns.map((column) => values?.get(column) ?? ""),
      ]);
    }
    yield text;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}
