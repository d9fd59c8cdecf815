// Entry point of `npm start`: validate config, open the database, migrate, listen, shut down cleanly.
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { purgeExpiredCodes } from "./services/confirmation-codes";
import { purgeExpiredDraftLinks } from "./services/draft-links";
import { purgeExpiredIdempotencyKeys } from "./services/idempotency";
import { purgeExpiredResetTokens } from "./services/password-reset";
import { purgeExpiredThrottles } from "./services/throttle";

const startedAt = performance.now();

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// The bundle lives in dist/server; the built client beside it in dist/client.
const clientDir = config.clientDir ?? fileURLToPath(new URL("../client", import.meta.url));
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
);
await database.migrate();

const app = await buildApp({ config: { ...config, clientDir }, database });
app.addHook("onClose", async () => {
  await database.close();
});

const HOUR = 60 * 60 * 1000;
const purge = () => {
  const now = new Date();
  return Promise.all([
    purgeExpiredIdempotencyKeys(database.db, now),
    purgeExpiredThrottles(database.db, now),
    purgeExpiredCodes(database.db, now),
    purgeExpiredResetTokens(database.db, now),
    purgeExpiredDraftLinks(database.db, now),
  ]).catch((err) => app.log.error(err));
};
await purge();
setInterval(purge, HOUR).unref();

let closing = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error(error, "shutdown failed");
      process.exit(1);
    }
  });
}

// Handlers are in place before the port opens: a SIGTERM right after start-up still shuts down cleanly.
await app.listen({ port: config.port, host: config.host });
app.log.info(
  { database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
  `ready on http://${config.host}:${config.port}`,
);
