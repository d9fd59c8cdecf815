// `npm run db:migrate`: apply migrations without starting the server (the server also applies
// them at start-up; this is for deploy pipelines that migrate before rolling out API processes).
import { loadConfig } from "../config";
import { openDatabase } from "./database";

const config = loadConfig();
const handle = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
);
await handle.migrate();
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
