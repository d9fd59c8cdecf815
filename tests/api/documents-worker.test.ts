import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPng, quarters } from "../../server/conversion/testing/build-images";
import { pdfInfo, pdfText } from "../../server/conversion/testing/read-pdf";
import { putAnswers } from "../helpers/api";
import { fetchPdf, pdfState, settledPdf } from "../helpers/application-pdf";
import { builtClientDir } from "../helpers/client-build";
import { DOCUMENT_CATALOGUE, RESUME, settledConversion, uploadDocument } from "../helpers/documents";
import { type Postgres, startPostgres } from "../helpers/postgres";
import { lacks } from "../helpers/system-tools";
import {
  clientHeaders,
  createTestApp,
  type DocumentParts,
  signedInUser,
  type TestApp,
} from "../helpers/test-app";
import { STATE_WAIT_MS } from "../helpers/test-budgets";

// At scale (decision 0009): API processes with JOB_WORKERS=false only queue conversions and
// application PDFs; a separate `npm run worker` process on the same PostgreSQL (and object store)
// runs them. Here the
// API is this test's app (no workers in it) and the worker is the real entry point, in its own
// process. PostgreSQL: DATABASE_URL, or a throw-away cluster when only the binaries are installed.

// Node itself runs the worker, with tsx as a loader: the `tsx` command would relay SIGTERM to its
// own child and kill it outright when the child is slow to acknowledge (a busy machine).
const TSX_LOADER = ["--import", "tsx"];
const schema = `jobs_worker_${randomUUID().replaceAll("-", "").slice(0, 12)}`;

let postgres: Postgres;
let test: TestApp & DocumentParts;
let worker: { child: ChildProcess; output: () => string; exit: Promise<number> } | undefined;

function startWorker(env: Record<string, string>) {
  let output = "";
  const child = spawn(process.execPath, [...TSX_LOADER, "server/worker.ts"], {
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exit = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? -1)));
  return { child, output: () => output, exit };
}

async function waitForOutput(text: string, timeoutMs = STATE_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!worker?.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`worker never said "${text}":\n${worker?.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Skipped where PostgreSQL is not installed (a second process needs a shared server); CI installs it.
describe.skipIf(lacks("postgresql"))("a separate worker process", () => {
  beforeAll(async () => {
    postgres = await startPostgres();
    test = await createTestApp({
      catalogue: DOCUMENT_CATALOGUE,
      databaseUrl: postgres.url,
      jobQueueSchema: schema,
    });
  }, 120_000);

  afterAll(async () => {
    if (worker && worker.child.exitCode === null) {
      worker.child.kill("SIGKILL");
      await worker.exit;
    }
    await test?.database.sql.executeSql(`drop schema if exists ${schema} cascade`);
    await test?.close();
    await postgres?.stop();
  }, 60_000);

  it("runs the conversion an API process without workers queued, and stops cleanly", async () => {
    const { cookie } = await signedInUser(test);
    await uploadDocument(test, cookie, RESUME, buildPng(120, 90, quarters(120, 90)), "photo.png");
    const queued = await test.app.inject({
      method: "GET",
      url: `/api/pdf/document-answer/${RESUME}`,
      headers: clientHeaders(cookie),
    });
    // No worker anywhere yet: the job waits in the queue.
    expect(queued.json().status).toBe("UNPROCESSED");

    worker = startWorker({
      DATABASE_URL: postgres.url,
      DATA_DIR: test.dataDir,
      JOB_QUEUE_SCHEMA: schema,
      CONVERSION_CONCURRENCY: "1",
    });
    await waitForOutput("worker ready");
    const state = await settledConversion(test, cookie, RESUME, 120_000);
    expect(state.status).toBe("COMPLETED");
    await waitForOutput("document converted");
    const pdf = await test.app.inject({ method: "GET", url: state.url ?? "" });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // Its page (poppler, where installed).
    if (!lacks("poppler")) expect((await pdfInfo(new Uint8Array(pdf.rawPayload))).Pages).toBe("1");

    worker.child.kill("SIGTERM");
    expect(await worker.exit).toBe(0);
  }, 240_000);

  it("makes the application PDF an API process queued, from the database and the built client alone", async () => {
    const { cookie } = await signedInUser(test);
    expect((await putAnswers(test, cookie, { first_name: "Ada", last_name: "Lovelace" })).statusCode).toBe(
      200,
    );
    expect((await pdfState(test, cookie)).status).toBe("UNPROCESSED");

    // The API here is never listening: the worker cannot call it, only share its database.
    worker = startWorker({
      DATABASE_URL: postgres.url,
      DATA_DIR: test.dataDir,
      JOB_QUEUE_SCHEMA: schema,
      CLIENT_DIR: await builtClientDir(),
    });
    await waitForOutput("worker ready");
    const state = await settledPdf(test, cookie, 120_000);
    expect(state.status, state.message).toBe("COMPLETED");
    const pdf = new Uint8Array((await fetchPdf(test, state.url ?? "", cookie)).rawPayload);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    // Its title and text (poppler, where installed).
    if (!lacks("poppler")) {
      expect((await pdfInfo(pdf)).Title).toBe(
        "Ada Lovelace: Northbridge University Transfer & Accelerated Application",
      );
      expect(await pdfText(pdf)).toContain("Step One: About You");
    }
    expect(worker.output()).not.toContain("application PDFs will fail");

    worker.child.kill("SIGTERM");
    expect(await worker.exit).toBe(0);
  }, 240_000);

  it("refuses to start without PostgreSQL, naming DATABASE_URL", async () => {
    const alone = startWorker({ DATABASE_URL: "" });
    expect(await alone.exit).toBe(1);
    expect(alone.output()).toContain("DATABASE_URL");
  }, 60_000);
});
