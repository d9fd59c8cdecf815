import { startPostgres } from "../helpers/postgres";

/**
 * PostgreSQL for the two servers: DATABASE_URL's when set, otherwise a throwaway cluster, stopped
 * at the end. The tests find it in SCALE_DATABASE_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const postgres = await startPostgres();
  process.env.SCALE_DATABASE_URL = postgres.url;
  return postgres.stop;
}
