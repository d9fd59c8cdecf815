import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { type ChosenFile, STATEMENT, TYPED } from "./journey";
import type { DeviceState, ServerState } from "./server-state";
import type { Traffic } from "./traffic";

/**
 * The server holds exactly what the device holds: nothing left waiting on the device, every answer
 * equal (what she typed among them), no answer the device lacks; every batch the browser sent
 * applied once (the device's sequence advanced once per batch, each key recorded); each document
 * recorded once, byte for byte the file she chose, and converted; the application submitted.
 */
export async function expectEverythingOnce({
  device,
  stored,
  traffic,
  files,
}: {
  device: DeviceState;
  stored: ServerState;
  traffic: Traffic;
  files: readonly ChosenFile[];
}): Promise<void> {
  expect(device.queued + device.uploadsQueued, "changes left on the device").toBe(0);
  expect(stored.answers).toMatchObject({ ...TYPED, personal_statement: STATEMENT });
  for (const [key, value] of Object.entries(device.answers)) expect(stored.answers[key], key).toBe(value);
  expect(Object.keys(stored.answers).filter((key) => !(key in device.answers))).toEqual([]);

  const batches = new Set(traffic.batches.map((batch) => batch.key));
  const applied = Object.values(stored.lastSeq).reduce((a, b) => a + b, 0);
  expect(applied, "batches applied, each once").toBe(batches.size);
  expect(
    [...batches].filter((key) => !stored.keys.has(key)),
    "batches not recorded",
  ).toEqual([]);

  const byKey = new Map(files.map((file) => [file.key, file]));
  expect(
    stored.documents.map((d) => ({
      key: d.key,
      name: d.fileName,
      size: d.fileSize,
      same: d.bytes.equals(byKey.get(d.key)?.buffer ?? Buffer.alloc(0)),
    })),
  ).toEqual(
    expect.arrayContaining(
      files.map((file) => ({ key: file.key, name: file.name, size: file.buffer.length, same: true })),
    ),
  );
  expect(stored.documents).toHaveLength(files.length);
  expect(stored.conversions.map((c) => `${c.key} ${c.status}`).sort()).toEqual(
    files.map((file) => `${file.key} COMPLETED`).sort(),
  );
  expect(stored.submitted).toBe(true);
}

/** The application PDF arrived whole, and it is hers. */
export async function expectPdfOf(bytes: Buffer, workDir: string): Promise<void> {
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const file = path.join(workDir, "application.pdf");
  writeFileSync(file, bytes);
  const text = execFileSync("pdftotext", [file, "-"]).toString();
  expect(text).toContain(TYPED.first_name);
  expect(text).toContain("Step One: About You");
}
