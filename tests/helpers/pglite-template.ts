// The API suite's in-memory databases begin from one made and migrated once per run (vitest's
// global setup for the api project), not from an empty cluster each: PGlite's initdb takes 2–5 s
// of CPU, and the suite opens a database for most of its files, some for each test. Loading the
// dump takes about a second. On PostgreSQL (DATABASE_URL) there is nothing to do.
import { readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding the dump of a fresh, migrated PGlite database, or "" on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide("pgliteTemplate", "");
    return async () => {};
  }
  const database = await openDatabase({});
  await database.migrate();
  const dump = await database.dumpFiles?.();
  await database.close();
  if (!dump) throw new Error("an in-memory PGlite database gives its files as a dump");
  const file = path.join(os.tmpdir(), `admissions-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => rm(file, { force: true });
}

/**
 * The migrated template's files, read once per test file; undefined outside the API suite (the
 * benches that make test apps, the unit suite) and on PostgreSQL.
 */
let template: Promise<Blob | undefined> | undefined;
export function migratedTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    if (!process.env.VITEST) return undefined;
    const { inject } = await import("vitest");
    const file = inject("pgliteTemplate");
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return template;
}
