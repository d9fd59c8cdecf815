// One warm LibreOffice: a headless `soffice` listening on a private pipe, with its own fresh
// profile, and the Python helper (uno-bridge.py) that asks it to convert one file at a time.
// Anything unexpected (a reply that does not come in time, either process exiting) kills both:
// the pool starts a new pair.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import type { LibreOfficeInstallation } from "./find-libreoffice";

/** The conversion did not finish in time; the instance was killed (another attempt may succeed). */
export class LibreOfficeTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`LibreOffice did not convert the document within ${timeoutMs} ms; the instance was restarted`);
    this.name = "LibreOfficeTimeout";
  }
}

/** LibreOffice could not open the document (it passed our checks but is not readable). */
export class LibreOfficeLoadFailed extends Error {}

type Reply = { id: number; ok: boolean; stage?: "load" | "export"; error?: string };

/**
 * Profile settings, on top of loading with macros off and links not updated: no macro runs,
 * links to content outside a document opened from an untrusted place are blocked (a second wall
 * behind our sanitiser), and nothing is remembered between documents.
 */
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/History"><prop oor:name="PickListSize" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="UseDocumentSystemFileLocking" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
`;

export class LibreOfficeInstance {
  private soffice?: ChildProcess;
  private helper?: ChildProcess;
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  private nextId = 1;
  private stopped = false;
  /** Resolves when either process exits (or the instance is stopped), with the reason. */
  readonly exited: Promise<string>;
  private markExited!: (reason: string) => void;
  conversions = 0;

  constructor(
    private readonly installation: LibreOfficeInstallation,
    /** A fresh private folder for this instance's profile and temporary files. */
    private readonly home: string,
  ) {
    this.exited = new Promise((resolve) => {
      this.markExited = resolve;
    });
  }

  /** Starts soffice and the helper; resolves once the helper is connected over UNO. */
  async start(startTimeoutMs: number): Promise<void> {
    const profile = path.join(this.home, "profile");
    const temp = path.join(this.home, "tmp");
    await mkdir(path.join(profile, "user"), { recursive: true, mode: 0o700 });
    await mkdir(temp, { recursive: true, mode: 0o700 });
    await writeFile(path.join(profile, "user/registrymodifications.xcu"), PROFILE_SETTINGS);
    const pipe = `admissions_lo_${process.pid}_${randomBytes(6).toString("hex")}`;
    const env = { ...process.env, TMPDIR: temp, HOME: this.home };

    this.soffice = spawn(
      this.installation.soffice,
      [
        "--headless",
        "--invisible",
        "--nocrashreport",
        "--nodefault",
        "--nologo",
        "--nofirststartwizard",
        "--norestore",
        "--nolockcheck",
        `-env:UserInstallation=file://${profile}`,
        `--accept=pipe,name=${pipe};urp;StarOffice.ComponentContext`,
      ],
      // Its own process group: soffice is a wrapper around soffice.bin; a kill must reach both.
      { detached: true, stdio: "ignore", env },
    );
    this.soffice.on("exit", (code, signal) => this.fail(`soffice exited (${signal ?? code})`));
    this.soffice.on("error", (error) => this.fail(`soffice failed to start: ${error.message}`));

    // The helper is given soffice's process group, which it kills should this process die first.
    const group = this.soffice.pid === undefined ? [] : [String(this.soffice.pid)];
    this.helper = spawn(
      this.installation.python,
      [this.installation.bridge, pipe, String(startTimeoutMs / 1000), ...group],
      {
        stdio: ["pipe", "pipe", "pipe"],
        env,
        // Its own process group too: a kill of this server's whole group (a shell, a test runner, a
        // supervisor) leaves the helper alive to see its parent gone and stop LibreOffice.
        detached: true,
      },
    );
    let stderr = "";
    this.helper.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    this.helper.on("exit", (code, signal) =>
      this.fail(`UNO helper exited (${signal ?? code}) ${stderr.trim()}`),
    );
    this.helper.on("error", (error) => this.fail(`UNO helper failed to start: ${error.message}`));
    // Writing to a helper that just died fails asynchronously (EPIPE): that is its exit, not a crash of ours.
    this.helper.stdin?.on("error", (error) => this.fail(`UNO helper's input closed: ${error.message}`));

    const ready = new Promise<void>((resolve) => this.waiting.set(0, () => resolve()));
    createInterface({ input: this.helper.stdout as NodeJS.ReadableStream }).on("line", (line) =>
      this.onLine(line),
    );
    const timer = setTimeout(() => this.fail(`not ready within ${startTimeoutMs} ms`), startTimeoutMs);
    try {
      await Promise.race([ready, this.exited.then((reason) => Promise.reject(new Error(reason)))]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Converts `input` (a .docx) to the PDF `output`; both in a folder only this conversion uses. */
  async convert(input: string, output: string, timeoutMs: number): Promise<void> {
    const id = this.nextId++;
    const reply = new Promise<Reply>((resolve) => this.waiting.set(id, resolve));
    this.helper?.stdin?.write(`${JSON.stringify({ id, input, output })}\n`);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.fail("conversion timed out");
        reject(new LibreOfficeTimeout(timeoutMs));
      }, timeoutMs);
    });
    const died = this.exited.then((reason) => Promise.reject(new Error(`LibreOffice stopped: ${reason}`)));
    try {
      const result = await Promise.race([reply, timedOut, died]);
      this.conversions++;
      if (result.ok) return;
      if (result.stage === "load") throw new LibreOfficeLoadFailed(result.error);
      throw new Error(`LibreOffice could not export the PDF: ${result.error}`);
    } finally {
      clearTimeout(timer);
      this.waiting.delete(id);
    }
  }

  /** The process group of soffice (for tests that stop it, and for diagnostics). */
  get processGroup(): number | undefined {
    return this.soffice?.pid;
  }

  get alive(): boolean {
    return !this.stopped;
  }

  /** Kills both processes; idempotent. */
  stop(reason = "stopped"): void {
    this.fail(reason);
  }

  private onLine(line: string): void {
    let message: Reply | { ready: true };
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    if ("ready" in message) this.waiting.get(0)?.(message as unknown as Reply);
    else this.waiting.get(message.id)?.(message);
  }

  private fail(reason: string): void {
    if (this.stopped) return;
    this.stopped = true;
    const group = this.soffice?.pid;
    if (group) {
      try {
        process.kill(-group, "SIGKILL"); // the whole group; works on a stopped (SIGSTOP) process too
      } catch {
        // already gone
      }
    }
    this.helper?.kill("SIGKILL");
    this.markExited(reason);
  }
}
