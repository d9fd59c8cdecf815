import { fileURLToPath } from "node:url";

/**
 * The college list shipped with the product (server/lookup/data/README.md: source and licence).
 * Beside this module in the sources; beside the bundle once built (build-server copies
 * server/lookup/data to dist/server/data).
 */
export const SHIPPED_COLLEGES_CSV = fileURLToPath(new URL("./data/colleges-ceeb.csv", import.meta.url));
