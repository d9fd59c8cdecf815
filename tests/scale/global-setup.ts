import { scalePorts } from "./ports";
import { startCluster } from "./postgres-cluster";

/** Starts the throwaway PostgreSQL; the tests find it in SCALE_DATABASE_URL. Returns the teardown. */
export default function globalSetup(): () => void {
  const cluster = startCluster(scalePorts.postgres);
  process.env.SCALE_DATABASE_URL = cluster.url;
  return cluster.stop;
}
