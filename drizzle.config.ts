import { defineConfig } from "drizzle-kit";

// Only used to generate migration files (`npm run db:generate`); the server applies them itself.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
