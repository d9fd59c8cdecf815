// The pool's supervisor: a hung LibreOffice is killed when its conversion times out, a crashed one
// is replaced, and the next conversion succeeds either way. One instance, so the same one is hit.
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../tests/helpers/eventually";
import { lacks } from "../../../tests/helpers/system-tools";
import { readDocx } from "../docx/read-docx";
import { sanitiseDocx } from "../docx/sanitise-docx";
import { sampleDocx } from "../testing/build-docx";
import { pdfText } from "../testing/read-pdf";
import { findLibreOffice } from "./find-libreoffice";
import { LibreOfficeTimeout } from "./libreoffice-instance";
import { LibreOfficePool } from "./libreoffice-pool";

const SLOW = 120_000;
const lines: string[] = [];
const log = {
  info: (_: Record<string, unknown>, message: string) => lines.push(message),
  warn: (_: Record<string, unknown>, message: string) => lines.push(message),
  error: (_: Record<string, unknown>, message: string) => lines.push(message),
};
const tables = sanitiseDocx(readDocx(sampleDocx("tables.docx")));
let pool: LibreOfficePool;

beforeAll(async () => {
  const found = await findLibreOffice();
  if ("missing" in found) throw new Error(found.missing);
  // Generous for a busy machine, yet short enough that a stopped instance is noticed quickly.
  pool = await LibreOfficePool.start(found, log, { instances: 1, timeoutMs: 15_000 });
}, SLOW);

afterAll(() => pool?.close());

async function expectConverts(): Promise<void> {
  expect(await pdfText(await pool.convert(tables))).toContain("Top left");
}

// Skipped where libreoffice and poppler are missing (LibreOffice converts and poppler-utils reads
// the PDF); CI installs it and fails on a skip.
describe.skipIf(lacks("libreoffice", "poppler"))("LibreOfficePool", () => {
  it(
    "kills an instance that stops answering, and converts the next document with a new one",
    async () => {
      await expectConverts();
      const [hung] = pool.processGroups();
      expect(hung).toBeTypeOf("number");
      process.kill(-(hung as number), "SIGSTOP"); // soffice and soffice.bin freeze mid-flight

      await expect(pool.convert(tables)).rejects.toBeInstanceOf(LibreOfficeTimeout);
      await expectConverts();
      expect(pool.processGroups()).not.toContain(hung);
      // The frozen group is gone (once its processes are reaped, which takes a moment).
      await eventually(() => expect(() => process.kill(-(hung as number), 0)).toThrow(), 200);
      expect(lines).toContain("LibreOffice instance stopped; restarting it");
    },
    SLOW,
  );

  it(
    "replaces an instance that crashes between conversions",
    async () => {
      const [crashed] = pool.processGroups();
      process.kill(-(crashed as number), "SIGKILL");
      // The supervisor notices the exit and starts another instance; conversions wait for it.
      await eventually(() => expect(pool.processGroups()).not.toContain(crashed));
      await expectConverts();
    },
    SLOW,
  );

  it(
    "queues conversions beyond the pool's size instead of refusing them",
    async () => {
      const texts = await Promise.all(Array.from({ length: 4 }, () => pool.convert(tables).then(pdfText)));
      for (const text of texts) expect(text).toContain("Bottom right");
    },
    SLOW,
  );
});

// Skipped where libreoffice and poppler are missing (LibreOffice converts and poppler-utils reads
// the PDF); CI installs it and fails on a skip.
describe.skipIf(lacks("libreoffice", "poppler"))("LibreOffice and the process that started it", () => {
  /**
   * A server holding one LibreOffice instance (hold-libreoffice.ts), in a process group of its own
   * if `detached`; resolves once LibreOffice runs, with the server and LibreOffice's group.
   */
  async function serverHoldingLibreOffice(detached: boolean) {
    const fixture = path.resolve("server/conversion/testing/hold-libreoffice.ts");
    const holder = spawn(process.execPath, ["--import", "tsx", fixture], {
      stdio: ["ignore", "pipe", "inherit"],
      detached,
    });
    const [line] = (await once(createInterface({ input: holder.stdout }), "line")) as [string];
    const [group] = JSON.parse(line) as number[];
    expect(group).toBeTypeOf("number");
    expect(() => process.kill(-(group as number), 0)).not.toThrow(); // LibreOffice is running
    return { holder, libreOffice: group as number };
  }

  const gone = (group: number) => eventually(() => expect(() => process.kill(-group, 0)).toThrow(), 200);

  it(
    "do not outlive it: a server killed outright takes its LibreOffice instance with it",
    async () => {
      const { holder, libreOffice } = await serverHoldingLibreOffice(false);
      holder.kill("SIGKILL"); // no exit handler runs: only the helper can clean up
      await gone(libreOffice);
    },
    SLOW,
  );

  it(
    "do not outlive it when its whole process group is killed (the helper is not in that group)",
    async () => {
      // Its own group, as a shell or a test runner starts a server, which may then kill the group.
      const { holder, libreOffice } = await serverHoldingLibreOffice(true);
      process.kill(-(holder.pid as number), "SIGKILL");
      await gone(libreOffice);
    },
    SLOW,
  );
});
