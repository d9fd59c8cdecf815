// Test fixture: starts a one-instance LibreOffice pool, prints its process groups as one JSON line,
// then waits forever (the test kills this process to see that LibreOffice does not outlive it).
import { findLibreOffice } from "../libreoffice/find-libreoffice";
import { LibreOfficePool } from "../libreoffice/libreoffice-pool";

const found = await findLibreOffice();
if ("missing" in found) throw new Error(found.missing);
const quiet = { info() {}, warn() {}, error() {} };
const pool = await LibreOfficePool.start(found, quiet, { instances: 1 });
process.stdout.write(`${JSON.stringify(pool.processGroups())}\n`);
setInterval(() => {}, 60_000);
