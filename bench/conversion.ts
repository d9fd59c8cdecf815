// `npm run bench` (part): conversion time per type for ~1 MB uploads, cold and warm, and the
// throughput of 20 concurrent Word documents through the warm LibreOffice pool against starting
// LibreOffice once per file (`soffice --convert-to pdf`, what a converter without a pool pays).
// Each figure is printed with its target and its anchor.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument } from "pdf-lib";
import { createDocumentConverter } from "../server/conversion/create-document-converter";
import { findLibreOffice } from "../server/conversion/libreoffice/find-libreoffice";
import { buildBenchInputs } from "./conversion-inputs";

const run = promisify(execFile);
const quiet = { info() {}, warn() {}, error() {} };
const WARM_RUNS = 10;
const LARGE_DOCX_RUNS = 1;
const CONCURRENT = 20;
const ANCHOR =
  "Gotenberg (LibreOffice per request): about 2.6 s per DOCX on 2 cores, concurrent ones serialised";

const ms = (value: number) => `${Math.round(value)} ms`;
const p50 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] as number;
const verdict = (value: number, target: number) => (value <= target ? "meets" : "MISSES");

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/** This process's CPU time (user + system) in ms: what a conversion costs whatever else the machine runs. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const { inputs, statement } = await buildBenchInputs();
const libreOffice = await findLibreOffice();
const cores = availableParallelism();
console.log(
  `conversion bench: ${cores} cores, load average ${loadavg()[0]?.toFixed(1)}, LibreOffice ${
    "missing" in libreOffice ? "not installed" : "installed"
  }`,
);

// A long timeout: the 1 MB DOCX is hundreds of pages, which a warm LibreOffice lays out for seconds.
const [converter, startMs] = await timed(() =>
  createDocumentConverter({ log: quiet, chromium: false, libreOffice: { timeoutMs: 600_000 } }),
);
console.log(
  `converter start-up (LibreOffice pool of ${cores} warmed instances): ${ms(startMs)} (paid once, at start)`,
);

for (const input of inputs) {
  const isDocx = input.label === "DOCX";
  if (isDocx && "missing" in libreOffice) continue;
  const [first, coldMs] = await timed(() => converter.convert(input.bytes, input.fileName));
  const pages = (await PDFDocument.load(first.pdf)).getPageCount();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < (isDocx ? LARGE_DOCX_RUNS : WARM_RUNS); i++) {
    const cpuBefore = cpuMs();
    times.push((await timed(() => converter.convert(input.bytes, input.fileName)))[1]);
    cpu.push(cpuMs() - cpuBefore);
  }
  const warm = p50(times);
  const target = isDocx ? 1000 : 300;
  // In-process engines: their CPU time too, which a busy machine's wall clock hides.
  const cpuNote = isDocx ? "" : ` (${ms(p50(cpu))} CPU)`;
  console.log(
    `${input.label} (${input.detail}, ${pages} page${pages === 1 ? "" : "s"}, ${first.engine}): ` +
      `first ${ms(coldMs)}, warm p50 ${ms(warm)}${cpuNote} of ${times.length} — target ≤ ${target} ms: ${verdict(warm, target)}`,
  );
}

if (!("missing" in libreOffice)) {
  const work = await mkdtemp(path.join(tmpdir(), "conversion-bench-"));
  try {
    const big = inputs.find((input) => input.label === "DOCX")?.bytes as Uint8Array;
    await writeFile(path.join(work, "large.docx"), big);
    const perRequest = (file: string, profile: string) =>
      timed(() =>
        run(libreOffice.soffice, [
          "--headless",
          `-env:UserInstallation=file://${path.join(work, profile)}`,
          "--convert-to",
          "pdf",
          "--outdir",
          path.join(work, "out"),
          path.join(work, file),
        ]),
      );
    // Cold: a fresh profile, as a container that starts LibreOffice for the request has.
    const [, coldLarge] = await perRequest("large.docx", "profile-cold-large");

    const statementTimes: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      statementTimes.push((await timed(() => converter.convert(statement, "statement.docx")))[1]);
    }
    console.log(
      `DOCX ${Math.round(statement.byteLength / 1024)} kB personal statement: warm p50 ${ms(p50(statementTimes))} of ` +
        `${WARM_RUNS} — target ≤ 1000 ms: ${verdict(p50(statementTimes), 1000)}`,
    );
    console.log(
      `DOCX 1 MB, LibreOffice started for the request (soffice --convert-to pdf): ${ms(coldLarge)}`,
    );

    // Throughput: 20 statements at once through the pool…
    const [latencies, poolMs] = await timed(() =>
      Promise.all(
        Array.from(
          { length: CONCURRENT },
          async () => (await timed(() => converter.convert(statement, "s.docx")))[1],
        ),
      ),
    );
    console.log(
      `${CONCURRENT} concurrent DOCX through the pool: ${ms(poolMs)} in all, ` +
        `${(CONCURRENT / (poolMs / 1000)).toFixed(1)} documents/s, latency p50 ${ms(p50(latencies))}`,
    );
    // …against LibreOffice started once per file (one profile, so the runs are serialised).
    for (let i = 0; i < CONCURRENT; i++) await writeFile(path.join(work, `statement-${i}.docx`), statement);
    const [, perFileMs] = await timed(async () => {
      for (let i = 0; i < CONCURRENT; i++) await perRequest(`statement-${i}.docx`, "profile-shared");
    });
    console.log(
      `${CONCURRENT} DOCX with soffice --convert-to pdf once per file: ${ms(perFileMs)} in all, ` +
        `${ms(perFileMs / CONCURRENT)} per document, ${(CONCURRENT / (perFileMs / 1000)).toFixed(1)} documents/s ` +
        `(the pool: ${(perFileMs / poolMs).toFixed(1)}× the throughput)`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
await converter.close();

// The simplified path (no LibreOffice): mammoth's HTML printed by Chromium.
const simplified = await createDocumentConverter({ log: quiet, libreOffice: false });
await simplified.convert(statement, "statement.docx");
const simplifiedTimes: number[] = [];
for (let i = 0; i < WARM_RUNS; i++) {
  simplifiedTimes.push((await timed(() => simplified.convert(statement, "statement.docx")))[1]);
}
console.log(
  `DOCX personal statement without LibreOffice (mammoth + Chromium, simplified): warm p50 ${ms(p50(simplifiedTimes))}`,
);
await simplified.close();
console.log(`anchor: ${ANCHOR}`);
