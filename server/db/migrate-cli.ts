// `npm run db:migrate`: apply migrations without starting the server (the server also applies
// them at start-up; this is for deploy pipelines that migrate before rolling out API processes).
// On the embedded database it takes DATA_DIR's lock like every opener (decision 0006): while a
// server runs on DATA_DIR it is refused (that server migrated at its start).
import { loadConfig } from "../config";
import { DataDirLockedError } from "./data-dir-lock";
import { openDatabase } from "./database";

const config = loadConfig();
let handle: Awaited<ReturnType<typeof openDatabase>>;
try {
  handle = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl }
      : { dataDir: config.dataDir, holder: "npm run db:migrate" },
  );
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
try {
  await handle.migrate();
} finally {
  await handle.close();
}
console.log(`Migrations applied (${handle.kind}).`);
