import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { schools } from "../db/schema";
import { lockSchoolList, upsertSchools, validateSchoolsCsv } from "./import-schools";
import { SHIPPED_COLLEGES_CSV } from "./shipped-colleges";

/**
 * "Search for Your School" finds colleges on a first start (issue 31): when the database has no
 * college, the list shipped with the product is imported. An institution's own list, imported with
 * `npm run lookup:import -- --replace`, takes its place, and a database with any college is never
 * touched. Under the list's lock, so processes starting together on one PostgreSQL import it once.
 * Returns how many colleges were imported (0 when there were some already).
 */
export async function seedShippedColleges(db: Database, file = SHIPPED_COLLEGES_CSV): Promise<number> {
  return db.transaction(async (tx) => {
    await lockSchoolList(tx);
    const [any] = await tx
      .select({ ceeb: schools.ceeb })
      .from(schools)
      .where(eq(schools.category, "college_ceeb"))
      .limit(1);
    if (any) return 0;
    const { rows } = validateSchoolsCsv(await readFile(file, "utf8"), "college_ceeb");
    await upsertSchools(tx, rows);
    return rows.length;
  });
}
