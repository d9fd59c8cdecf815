import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Mails the server wrote to DATA_DIR/outbox (no SMTP_URL in the browser tests). */
function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return path.join(dataDir, "outbox");
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The newest mail to `address` whose text matches `pattern`, waiting up to 10 s for it. */
export async function waitForMail(address: string, pattern: RegExp): Promise<RegExpMatchArray> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const names = (await readdir(outboxDir()).catch(() => [] as string[]))
      .filter((n) => n.endsWith(".eml"))
      .sort();
    for (const name of names.reverse()) {
      const mail = decodeQuotedPrintable(await readFile(path.join(outboxDir(), name), "utf8"));
      if (!mail.toLowerCase().includes(address.toLowerCase())) continue;
      const match = mail.match(pattern);
      if (match) return match;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${address} matching ${pattern}`);
}
