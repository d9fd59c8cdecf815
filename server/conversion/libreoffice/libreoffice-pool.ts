// A pool of warm LibreOffice instances with a supervisor, as Gotenberg runs its own: started (and
// warmed with a first conversion) before the first request, one document per instance at a time,
// each conversion with a timeout that kills a hung instance, and a restart whenever an instance
// dies, hangs or has converted `recycleAfter` documents (LibreOffice's memory only grows).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { stretchedForLoad } from "../../busy-machine";
import { refusals } from "../refusals";
import { writeZip } from "../zip/zip-writer";
import type { LibreOfficeInstallation } from "./find-libreoffice";
import { LibreOfficeInstance, LibreOfficeLoadFailed } from "./libreoffice-instance";

export type LibreOfficePoolOptions = {
  /** Warm instances; defaults to the number of cores (at most 8). */
  instances?: number;
  /** Longest a conversion may take before its instance is killed and restarted. */
  timeoutMs?: number;
  /** Longest an instance may take to start. */
  startTimeoutMs?: number;
  /** Documents an instance converts before it is replaced. */
  recycleAfter?: number;
  /** Parent of the pool's private folder (profiles, one empty folder per conversion); the OS temp dir by default. */
  workDir?: string;
};

type LogFn = (details: Record<string, unknown>, message: string) => void;
type PoolLog = { info: LogFn; warn: LogFn; error: LogFn };

type Slot = { index: number; instance?: LibreOfficeInstance; starting?: Promise<void>; failures: number };

const MAX_RESTART_DELAY_MS = 30_000;

export class LibreOfficePool {
  private readonly slots: Slot[];
  private readonly idle: LibreOfficeInstance[] = [];
  private readonly queue: ((instance: LibreOfficeInstance) => void)[] = [];
  private readonly timeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly recycleAfter: number;
  private closed = false;
  private generation = 0;
  private removeExitHook = () => {};

  private constructor(
    private readonly installation: LibreOfficeInstallation,
    private readonly workDir: string,
    private readonly log: PoolLog,
    options: LibreOfficePoolOptions,
  ) {
    const count = options.instances ?? Math.min(8, availableParallelism());
    this.slots = Array.from({ length: Math.max(1, count) }, (_, index) => ({ index, failures: 0 }));
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.startTimeoutMs = options.startTimeoutMs ?? 60_000;
    this.recycleAfter = options.recycleAfter ?? 200;
  }

  /** Starts every instance and waits until each has converted a first document. */
  static async start(
    installation: LibreOfficeInstallation,
    log: PoolLog,
    options: LibreOfficePoolOptions = {},
  ): Promise<LibreOfficePool> {
    const workDir = await mkdtemp(path.join(options.workDir ?? tmpdir(), "admissions-libreoffice-"));
    const pool = new LibreOfficePool(installation, workDir, log, options);
    // soffice runs in its own process group and would outlive a Node process that exits without close().
    const killAll = () => {
      for (const slot of pool.slots) slot.instance?.stop("process exiting");
    };
    process.once("exit", killAll);
    pool.removeExitHook = () => process.off("exit", killAll);
    await Promise.all(pool.slots.map((slot) => pool.startSlot(slot)));
    if (pool.idle.length === 0) {
      await pool.close();
      throw new Error("no LibreOffice instance started");
    }
    return pool;
  }

  get size(): number {
    return this.slots.length;
  }

  /** soffice process groups of the running instances (tests stop one to simulate a hang). */
  processGroups(): number[] {
    return this.slots.flatMap((slot) => (slot.instance?.alive && slot.instance.processGroup) || []);
  }

  /** Converts a (sanitised) .docx to PDF in an empty folder of its own. */
  async convert(docx: Uint8Array): Promise<Uint8Array> {
    const instance = await this.acquire();
    const dir = await mkdtemp(path.join(this.workDir, "job-"));
    try {
      const input = path.join(dir, "document.docx");
      const output = path.join(dir, "document.pdf");
      await writeFile(input, docx, { mode: 0o600 });
      try {
        await instance.convert(input, output, stretchedForLoad(this.timeoutMs));
      } catch (error) {
        if (error instanceof LibreOfficeLoadFailed) throw refusals.invalid("docx");
        throw error;
      }
      return new Uint8Array(await readFile(output));
    } finally {
      this.release(instance);
      await rm(dir, { recursive: true, force: true });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.removeExitHook();
    for (const slot of this.slots) slot.instance?.stop("pool closed");
    await Promise.allSettled(this.slots.map((slot) => slot.instance?.exited));
    await rm(this.workDir, { recursive: true, force: true });
  }

  private acquire(): Promise<LibreOfficeInstance> {
    if (this.closed) return Promise.reject(new Error("LibreOffice pool is closed"));
    for (let instance = this.idle.shift(); instance; instance = this.idle.shift()) {
      if (instance.alive) return Promise.resolve(instance);
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release(instance: LibreOfficeInstance): void {
    const slot = this.slots.find((candidate) => candidate.instance === instance);
    if (!slot || this.closed) return;
    if (!instance.alive) return; // its supervisor restarts the slot
    if (instance.conversions >= this.recycleAfter) {
      instance.stop("recycled");
      return;
    }
    this.offer(instance);
  }

  private offer(instance: LibreOfficeInstance): void {
    const waiter = this.queue.shift();
    if (waiter) waiter(instance);
    else this.idle.push(instance);
  }

  /** Starts the slot's instance and supervises it: when it exits, start another. */
  private async startSlot(slot: Slot): Promise<void> {
    const home = path.join(this.workDir, `instance-${slot.index}-${++this.generation}`);
    const instance = new LibreOfficeInstance(this.installation, home);
    slot.instance = instance;
    const started = performance.now();
    try {
      await instance.start(this.startTimeoutMs);
      await this.warmUp(instance, home);
      slot.failures = 0;
      this.log.info(
        { instance: slot.index, startMs: Math.round(performance.now() - started) },
        "LibreOffice instance ready",
      );
    } catch (error) {
      instance.stop("start failed");
      slot.failures++;
      this.log.error({ instance: slot.index, err: error }, "LibreOffice instance failed to start");
    }
    void instance.exited.then((reason) => this.onExit(slot, instance, home, reason));
    if (instance.alive) this.offer(instance);
  }

  private async onExit(
    slot: Slot,
    instance: LibreOfficeInstance,
    home: string,
    reason: string,
  ): Promise<void> {
    const index = this.idle.indexOf(instance);
    if (index >= 0) this.idle.splice(index, 1);
    await rm(home, { recursive: true, force: true });
    if (this.closed) return;
    const level = reason === "recycled" ? "info" : "warn";
    this.log[level]({ instance: slot.index, reason }, "LibreOffice instance stopped; restarting it");
    const delay = slot.failures === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** (slot.failures - 1));
    setTimeout(() => {
      if (!this.closed) void this.startSlot(slot);
    }, delay).unref();
  }

  /** LibreOffice loads its Word import and PDF export on first use: pay that now, not on a request. */
  private async warmUp(instance: LibreOfficeInstance, home: string): Promise<void> {
    const input = path.join(home, "warm-up.docx");
    await writeFile(input, WARM_UP_DOCX);
    await instance.convert(input, path.join(home, "warm-up.pdf"), this.startTimeoutMs);
    instance.conversions = 0;
  }
}

const WARM_UP_DOCX = writeZip(
  Object.entries({
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    "_rels/.rels":
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    "word/document.xml":
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Warm-up</w:t></w:r></w:p></w:body></w:document>',
  }).map(([name, text]) => ({ name, data: Buffer.from(text, "utf8") })),
);
