// Every IndexedDB call a first visit makes in its first seconds (after `npm run build`), in order,
// with its time and the stores it names: what the sync engine's file costs a signed-in page is
// mostly these calls and Dexie's work around each (issue 34, decision 0018). Not part of
// `npm run bench`: it prints no target. `--returning`: the page is loaded once and left for `--ms`
// (its changes sent), and the calls counted are the reload's: a returning applicant's page load.
//
//   node bench/idb-calls.mjs [/about] [--signed-in] [--returning] [--ms=2500] [--summary]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { launchChromium, phoneContext, startBuiltServer } from "./built-server.mjs";

const args = process.argv.slice(2);
const route = args.find((arg) => arg.startsWith("/")) ?? "/about";
const signedIn = args.includes("--signed-in");
const summary = args.includes("--summary");
const returning = args.includes("--returning");
const watchMs = Number(args.find((arg) => arg.startsWith("--ms="))?.slice(5) ?? 2_500);

const dataDir = mkdtempSync(path.join(tmpdir(), "admissions-idb-calls-"));
const server = await startBuiltServer(dataDir, {
  env: { E2E_TEST_HOOKS: "true", LIBREOFFICE_PATH: "/nonexistent" },
});
const browser = await launchChromium();
try {
  const context = await phoneContext(browser, server.base, { signedIn, name: "idb-calls" });
  await context.addInitScript(() => {
    const calls = [];
    Object.defineProperty(window, "__idbCalls", { value: calls });
    const wrap = (proto, names, label) => {
      for (const name of names) {
        const original = proto[name];
        if (typeof original !== "function") continue;
        proto[name] = function (...callArgs) {
          const what =
            label === "database" && name === "transaction"
              ? `${JSON.stringify(callArgs[0])} of ${this.name}`
              : (this.name ?? "");
          calls.push(`${performance.now().toFixed(0).padStart(6)} ms  ${label}.${name} ${what}`);
          return original.apply(this, callArgs);
        };
      }
    };
    wrap(IDBFactory.prototype, ["open", "deleteDatabase"], "indexedDB");
    wrap(IDBDatabase.prototype, ["transaction", "createObjectStore"], "database");
    wrap(
      IDBObjectStore.prototype,
      ["get", "getAll", "getAllKeys", "put", "add", "delete", "count", "openCursor", "clear"],
      "store",
    );
    wrap(
      IDBIndex.prototype,
      ["get", "getAll", "getAllKeys", "count", "openCursor", "openKeyCursor"],
      "index",
    );
  });
  const page = await context.newPage();
  await page.goto(`${server.base}${route}`);
  await page.waitForTimeout(watchMs);
  if (returning) {
    await page.reload();
    await page.waitForTimeout(watchMs);
  }
  const calls = await page.evaluate(() => window.__idbCalls);
  const transactions = calls.filter((call) => call.includes("database.transaction")).length;
  console.log(
    `${route}${signedIn ? " signed in" : ""}${returning ? ", reloaded" : ""}: ${calls.length} IndexedDB calls (${transactions} transactions) in ${watchMs} ms`,
  );
  if (!summary) console.log(calls.join("\n"));
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
