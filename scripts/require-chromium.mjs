// The benches drive the system Chromium (npm run bench); say how to get it in one line instead of a
// stack trace. (The tests find one themselves, else use @sparticuz/chromium: tests/helpers/chromium.ts.)
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it with 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
