// `npm run test:partner`: builds the example institution (partners/lakeside-college.json) into
// dist/examples/lakeside, beside the shipped one's dist/, and runs its browser test
// (playwright.partner.config.ts). Plain Node, so it runs the same on any shell.
import { spawnSync } from "node:child_process";

const env = {
  ...process.env,
  PARTNER_CONFIG: "partners/lakeside-college.json",
  BUILD_DIR: "dist/examples/lakeside",
};
for (const [command, args] of [
  ["npm", ["run", "--silent", "build"]],
  ["npx", ["playwright", "test", "-c", "playwright.partner.config.ts"]],
]) {
  const { status } = spawnSync(command, args, { stdio: "inherit", env, shell: process.platform === "win32" });
  if (status !== 0) process.exit(status ?? 1);
}
