import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { applications } from "../db/schema";
import { WEB_STATUSES, type WebStatus } from "./web-status";

// The list of applications that the integration API and the staff review page through (decision
// 0022): one row per application (an account's `applications` row), with its web status and when
// anything an outside system sees of it last changed. Keyset pagination on (changed time, id), so
// the order is stable and a page never skips a row: an application changed while a client pages
// moves past the cursor and is listed again later, never lost.

export type ApplicationSummary = {
  id: string;
  username: string;
  /** The highest web status recorded (spec §4); `submitted` once submitted; null before any. */
  web_status: WebStatus | null;
  submitted_at: string | null;
  updated_at: string;
  /** The applicant's first and last name as answered ("" when not yet answered). */
  name: string;
  /** Documents whose conversion to PDF has not ended yet. */
  documents_converting: number;
};

export type ListFilter = {
  status?: WebStatus;
  /** Changed at or after this time. */
  since?: Date;
  /** Name or e-mail address containing this text (any case). */
  search?: string;
  /** Only applications with a document still converting. */
  converting?: boolean;
};

export type ListPage = { applications: ApplicationSummary[]; next_cursor: string | null };

/** Oldest change first (an outside system catching up), or newest first (staff reading). */
export type ListOrder = "oldest-first" | "newest-first";

export class BadCursor extends Error {
  constructor() {
    super("The cursor is not one this API gave: start again without it.");
  }
}

type Position = { at: string; id: string };

const POSITION_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `value` is a UUID as PostgreSQL writes them (an id a caller may look up). */
export function isApplicationId(value: string): boolean {
  return UUID.test(value);
}

/** The cursor after a row: its change time to the microsecond (a Date would lose them) and id. */
function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString("base64url");
}

export function decodeCursor(cursor: string): Position {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      if (typeof at === "string" && POSITION_TIME.test(at) && typeof id === "string" && UUID.test(id)) {
        return { at, id };
      }
    }
  } catch {}
  throw new BadCursor();
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Every application with what the filters read. `changed_at` is the latest of the application
 * row's own time (answers, submission) and of everything else the API shows: web statuses,
 * add-another counts, tabs, documents and their conversions.
 */
const APPLICATIONS = sql`
  select a.user_id as id, u.username, a.submitted_at,
    greatest(
      a.updated_at,
      (select max(w.created_at) from web_status_entries w where w.user_id = a.user_id),
      (select max(c.updated_at) from add_another_counts c where c.user_id = a.user_id),
      (select max(t.updated_at) from tab_choices t where t.user_id = a.user_id),
      (select max(d.created_at) from document_answers d where d.user_id = a.user_id),
      (select max(v.updated_at) from document_conversions v where v.user_id = a.user_id)
    ) as changed_at,
    case when a.submitted_at is not null then 'submitted' else (
      select w.web_status from web_status_entries w where w.user_id = a.user_id
      order by case w.web_status when 'submitted' then 3 when 'validating' then 2 else 1 end desc
      limit 1
    ) end as web_status,
    trim(concat_ws(' ',
      (select n.value from answers n where n.user_id = a.user_id and n.key = 'first_name'),
      (select n.value from answers n where n.user_id = a.user_id and n.key = 'last_name'))) as name,
    (select n.value from answers n where n.user_id = a.user_id and n.key = 'preferred_name') as preferred_name,
    (select count(*) from document_conversions v
      where v.user_id = a.user_id and v.status in ('UNPROCESSED', 'IN_PROGRESS'))::int as documents_converting
  from applications a join users u on u.id = a.user_id`;

/** `text` as a LIKE pattern that matches it anywhere, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditions(filter: ListFilter, { withStatus }: { withStatus: boolean }): SQL[] {
  const where: SQL[] = [];
  if (withStatus && filter.status) where.push(sql`web_status = ${filter.status}`);
  if (filter.since) where.push(sql`changed_at >= ${filter.since.toISOString()}::timestamptz`);
  if (filter.converting) where.push(sql`documents_converting > 0`);
  const search = filter.search?.trim();
  if (search) {
    const pattern = containing(search);
    where.push(
      sql`(username ilike ${pattern} escape '\\' or name ilike ${pattern} escape '\\' or preferred_name ilike ${pattern} escape '\\')`,
    );
  }
  return where;
}

const whereClause = (where: SQL[]) => (where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``);

type Row = Omit<ApplicationSummary, "documents_converting"> & {
  documents_converting: number | string;
  position: string;
};

function summaryOf({ position: _position, ...row }: Row): ApplicationSummary {
  return {
    ...row,
    web_status: (row.web_status ?? null) as WebStatus | null,
    documents_converting: Number(row.documents_converting),
  };
}

const SUMMARY_COLUMNS = sql`id, username, web_status, name, documents_converting,
  ${iso(sql`submitted_at`)} as submitted_at, ${iso(sql`changed_at`)} as updated_at`;

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** One page of applications matching `filter`, `limit` at most, after `cursor` when given. */
export async function listApplications(
  db: Database,
  filter: ListFilter,
  { cursor, limit, order }: { cursor?: string; limit: number; order: ListOrder },
): Promise<ListPage> {
  const where = conditions(filter, { withStatus: true });
  if (cursor) {
    const after = decodeCursor(cursor);
    const position = sql`(${after.at}::timestamptz, ${after.id}::uuid)`;
    where.push(
      order === "oldest-first" ? sql`(changed_at, id) > ${position}` : sql`(changed_at, id) < ${position}`,
    );
  }
  const direction = order === "oldest-first" ? sql`asc` : sql`desc`;
  const found = await rows<Row>(
    db,
    sql`select ${SUMMARY_COLUMNS},
        to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position
      from (${APPLICATIONS}) applications_listed
      ${whereClause(where)}
      order by changed_at ${direction}, id ${direction}
      limit ${limit + 1}`,
  );
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    applications: page.map(summaryOf),
    next_cursor: found.length > limit && last ? encodeCursor({ at: last.position, id: last.id }) : null,
  };
}

/** Every answer key stored for the applications matching `filter` (the CSV export's columns). */
export async function storedAnswerKeys(db: Database, filter: ListFilter): Promise<string[]> {
  const found = await rows<{ key: string }>(
    db,
    sql`select distinct n.key from answers n where n.user_id in (
      select id from (${APPLICATIONS}) applications_listed ${whereClause(conditions(filter, { withStatus: true }))}
    ) order by n.key`,
  );
  return found.map((row) => row.key);
}

/** Whether account `id` has an application (false for anything but an id). */
export async function applicationExists(db: Database, id: string): Promise<boolean> {
  if (!isApplicationId(id)) return false;
  const [row] = await db
    .select({ id: applications.userId })
    .from(applications)
    .where(eq(applications.userId, id));
  return row !== undefined;
}

/** The summary of one application, or null when there is none with that id. */
export async function findApplication(db: Database, id: string): Promise<ApplicationSummary | null> {
  if (!isApplicationId(id)) return null;
  const [row] = await rows<Row>(
    db,
    sql`select ${SUMMARY_COLUMNS}, '' as position
      from (${APPLICATIONS} where a.user_id = ${id}::uuid) applications_listed`,
  );
  return row ? summaryOf(row) : null;
}

export type StatusCounts = Record<WebStatus | "not_started", number> & { all: number };

/** How many applications match `filter` (its status aside), by web status. */
export async function countApplications(db: Database, filter: ListFilter): Promise<StatusCounts> {
  const found = await rows<{ web_status: WebStatus | null; count: number | string }>(
    db,
    sql`select web_status, count(*) as count from (${APPLICATIONS}) applications_listed
      ${whereClause(conditions(filter, { withStatus: false }))}
      group by web_status`,
  );
  const counts: StatusCounts = { all: 0, not_started: 0, started: 0, validating: 0, submitted: 0 };
  for (const row of found) {
    const count = Number(row.count);
    counts.all += count;
    counts[row.web_status && WEB_STATUSES.includes(row.web_status) ? row.web_status : "not_started"] += count;
  }
  return counts;
}
