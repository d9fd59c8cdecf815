// The two-server test (npm run test:scale) starts its own PostgreSQL unless DATABASE_URL is set; say
// how to get the server binaries in one line instead of a stack trace. Same search as
// tests/helpers/postgres.ts.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

const ROOT = "/usr/lib/postgresql";
const versions = existsSync(ROOT)
  ? readdirSync(ROOT)
      .filter((version) => existsSync(path.join(ROOT, version, "bin", "postgres")))
      .sort((a, b) => Number(b) - Number(a))
  : [];
const bin = versions[0] ? path.join(ROOT, versions[0], "bin") : "";
const missing = ["initdb", "pg_ctl", "postgres"].filter((tool) => !existsSync(path.join(bin, tool)));
if (!process.env.DATABASE_URL && (!bin || missing.length > 0)) {
  console.error(
    `PostgreSQL server binaries (initdb, pg_ctl, postgres) not found${bin ? ` in ${bin}` : ` under ${ROOT}`}: install them with 'sudo apt-get install -y postgresql' (or set DATABASE_URL).`,
  );
  process.exit(1);
}
