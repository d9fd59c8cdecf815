// The two-server test (npm run test:scale) starts its own PostgreSQL; say how to get the server
// binaries in one line instead of a stack trace. Same search as tests/scale/postgres-cluster.ts.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

const ROOT = "/usr/lib/postgresql";
const versions = existsSync(ROOT)
  ? readdirSync(ROOT).sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
  : [];
const bin = process.env.PG_BIN ?? (versions[0] ? path.join(ROOT, versions[0], "bin") : "");
const missing = ["initdb", "pg_ctl", "postgres"].filter((tool) => !existsSync(path.join(bin, tool)));
if (!bin || missing.length > 0) {
  console.error(
    `PostgreSQL server binaries (initdb, pg_ctl, postgres) not found${bin ? ` in ${bin}` : ` under ${ROOT}`}: install them with 'sudo apt-get install -y postgresql' (or set PG_BIN).`,
  );
  process.exit(1);
}
