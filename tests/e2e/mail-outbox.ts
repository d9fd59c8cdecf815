import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";

/** Mails the server wrote to DATA_DIR/outbox (no SMTP_URL in the browser tests). */
function outboxDir(dataDir = process.env.E2E_DATA_DIR): string {
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return path.join(dataDir, "outbox");
}

/** Quoted-printable to text: its =XX are UTF-8 bytes (a Spanish mail's "recibió"). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The newest mail to `address` whose text matches `pattern`, or null. */
async function findMail(
  address: string,
  pattern: RegExp,
  dataDir?: string,
): Promise<RegExpMatchArray | null> {
  const outbox = outboxDir(dataDir);
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith(".eml")).sort();
  for (const name of names.reverse()) {
    const mail = decodeQuotedPrintable(await readFile(path.join(outbox, name), "utf8"));
    if (!mail.toLowerCase().includes(address.toLowerCase())) continue;
    const match = mail.match(pattern);
    if (match) return match;
  }
  return null;
}

/**
 * Waits for a mail to `address` whose text matches `pattern` (the server sends mails after it has
 * answered), as long as any expectation waits; returns the match. `dataDir` is the server's
 * DATA_DIR (default: the browser tests' server).
 */
export async function waitForMail(
  address: string,
  pattern: RegExp,
  dataDir?: string,
): Promise<RegExpMatchArray> {
  let found: RegExpMatchArray | null = null;
  await expect
    .poll(async () => (found = await findMail(address, pattern, dataDir)), {
      message: `a mail to ${address} matching ${pattern}`,
    })
    .not.toBeNull();
  if (!found) throw new Error(`no mail to ${address} matching ${pattern}`);
  return found;
}
