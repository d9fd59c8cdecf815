// Prints HTML documents to PDF in one warm Chromium per process. Every job gets a fresh browser
// context (no cookies, cache or storage shared between jobs) whose every request is routed: the
// document sees only its own inline and data: content. JavaScript is off unless the caller asks for
// it. A supervisor relaunches the browser when it crashes, and a job that overruns its time is
// closed. The next job's context and page are made ahead, when a job ends.
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { stretchedForLoad } from "../busy-machine";
import { type ChromiumExecutable, findChromium } from "./find-chromium";

export type PrintOptions = {
  /** Paper size; Letter by default. */
  format?: "Letter" | "A4";
  /** CSS lengths; half an inch on every side by default. */
  margin?: { top?: string; right?: string; bottom?: string; left?: string };
  /** Run the page's scripts (off by default). */
  javaScript?: boolean;
  /**
   * Longest the job may take, from opening the page to the PDF, on a machine with a core to spare;
   * 30 s by default. It is stretched on a busy machine (server/busy-machine.ts).
   */
  timeoutMs?: number;
  /**
   * The page's own paged media: its `@page` size and margins (and margin boxes) instead of
   * `format` and `margin`.
   */
  pageCss?: boolean;
  /** A tagged (accessible) PDF: Chromium's structure tree of the page's markup. */
  tagged?: boolean;
  /** An outline (bookmarks) from the page's headings. */
  outline?: boolean;
  /** Stops the print (its page is closed) when it aborts: nobody wants the PDF any more. */
  signal?: AbortSignal;
};

export type PdfPrinterOptions = {
  /** A Chromium executable; otherwise CHROMIUM_PATH, the system's, or @sparticuz/chromium. */
  executablePath?: string;
  /** Jobs printing at once; more wait their turn. */
  concurrency?: number;
};

type LogFn = (details: Record<string, unknown>, message: string) => void;
type PrinterLog = { info: LogFn; warn: LogFn; error: LogFn };

/** The address an HTML document is printed from: `.invalid` never resolves, and it is never fetched. */
const DOCUMENT_URL = "https://document.invalid/";
/** A second wall behind request routing for printed HTML: nothing but inline styles and data: URLs. */
const DOCUMENT_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";
const HALF_INCH = "0.5in";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--no-zygote",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-extensions",
  "--dns-prefetch-disable",
  "--mute-audio",
];

/** A fresh context with its page, made before a job asks for one. */
type Spare = { context: BrowserContext; page: Page };

export class PdfPrinter {
  private browser?: Promise<Browser>;
  /**
   * One spare context and page per JavaScript setting, made after a job ends: a page's renderer
   * process takes Chromium 400–580 ms to start here, a fifth of an application PDF's print
   * (issue 15). Each is used by one job only, so every job still starts from a fresh context.
   */
  private readonly spares = new Map<boolean, Promise<Spare | undefined>>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;

  private constructor(
    readonly chromium: ChromiumExecutable,
    private readonly log: PrinterLog,
    private readonly concurrency: number,
  ) {}

  /** Finds Chromium and launches it, so the first job does not pay the start-up. */
  static async start(log: PrinterLog, options: PdfPrinterOptions = {}): Promise<PdfPrinter> {
    const executable = await findChromium(options.executablePath);
    const printer = new PdfPrinter(executable, log, options.concurrency ?? 4);
    await printer.connectedBrowser();
    // Our own prints (the application PDF, the DOCX fallback) run no script: the first one's page
    // is made now, as a job's is when the one before ends.
    printer.makeSpare(false);
    return printer;
  }

  /** The running browser, launched (again) if needed. */
  connectedBrowser(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error("the PDF printer is closed"));
    if (!this.browser) {
      const launching = chromium.launch({
        executablePath: this.chromium.executablePath,
        ...(this.chromium.env ? { env: { ...process.env, ...this.chromium.env } } : {}),
        args: CHROMIUM_ARGS,
        // The process's own shutdown closes the browser once running jobs are done (its onClose);
        // Playwright's handlers would close it at once on SIGTERM and exit on SIGINT before that.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
      this.browser = launching;
      launching.then(
        (browser) => {
          browser.on("disconnected", () => {
            if (this.browser === launching) this.browser = undefined;
            if (!this.closed) this.log.warn({}, "Chromium disconnected; it is relaunched for the next job");
          });
        },
        () => {
          if (this.browser === launching) this.browser = undefined;
        },
      );
    }
    return this.browser;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const spare of this.spares.values()) await (await spare)?.context.close().catch(() => undefined);
    this.spares.clear();
    const browser = await this.browser?.catch(() => undefined);
    await browser?.close().catch(() => undefined);
  }

  /** Prints a complete HTML document; it can load nothing but its own inline and data: content. */
  async printHtml(html: string, options: PrintOptions = {}): Promise<Uint8Array> {
    await this.slot();
    if (options.signal?.aborted) {
      this.release();
      throw options.signal.reason;
    }
    const timeoutMs = stretchedForLoad(options.timeoutMs ?? 30_000);
    const javaScript = options.javaScript ?? false;
    let context: BrowserContext | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      const print = async () => {
        const fresh = await this.takeSpare(javaScript);
        context = fresh.context;
        await context.route("**/*", (route) =>
          route.request().url() === DOCUMENT_URL
            ? route.fulfill({
                status: 200,
                contentType: "text/html; charset=utf-8",
                headers: { "Content-Security-Policy": documentPolicy(javaScript) },
                body: html,
              })
            : route.abort("blockedbyclient"),
        );
        const { page } = fresh;
        page.setDefaultTimeout(timeoutMs);
        await page.goto(DOCUMENT_URL, { waitUntil: "load" });
        const margin = options.margin ?? {};
        const paper = options.pageCss
          ? { preferCSSPageSize: true }
          : {
              format: options.format ?? "Letter",
              margin: {
                top: margin.top ?? HALF_INCH,
                right: margin.right ?? HALF_INCH,
                bottom: margin.bottom ?? HALF_INCH,
                left: margin.left ?? HALF_INCH,
              },
            };
        return page.pdf({
          ...paper,
          printBackground: true,
          tagged: options.tagged ?? false,
          outline: options.outline ?? false,
        });
      };
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`printing took longer than ${timeoutMs} ms`)), timeoutMs);
      });
      const cancelled = new Promise<never>((_, reject) =>
        options.signal?.addEventListener("abort", () => reject(options.signal?.reason), { once: true }),
      );
      const printing = print();
      // Once timed out or cancelled, its later failure (context closed) is expected.
      printing.catch(() => undefined);
      return new Uint8Array(await Promise.race([printing, timedOut, cancelled]));
    } finally {
      clearTimeout(timer);
      await this.closeContext(context);
      this.release();
      this.makeSpare(javaScript);
    }
  }

  /** The spare for this setting if it is still usable, else a context and page made now. */
  private async takeSpare(javaScript: boolean): Promise<Spare> {
    // Taken before waiting for it, so two jobs never share one.
    const pending = this.spares.get(javaScript);
    this.spares.delete(javaScript);
    const spare = await pending;
    if (spare && !spare.page.isClosed() && spare.context.browser()?.isConnected()) return spare;
    await spare?.context.close().catch(() => undefined);
    return this.newSpare(javaScript);
  }

  /** Starts making the next job's context and page, unless one is there or being made. */
  private makeSpare(javaScript: boolean): void {
    if (this.closed || this.spares.has(javaScript)) return;
    // A failure here is the next job's to meet (it makes its own page, and fails there if it must).
    this.spares.set(
      javaScript,
      this.newSpare(javaScript).catch(() => undefined),
    );
  }

  private async newSpare(javaScript: boolean): Promise<Spare> {
    const browser = await this.connectedBrowser();
    const context = await browser.newContext({
      javaScriptEnabled: javaScript,
      serviceWorkers: "block",
      acceptDownloads: false,
    });
    try {
      return { context, page: await context.newPage() };
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  /** A context that will not close (a wedged renderer) takes the browser down with it. */
  private async closeContext(context: BrowserContext | undefined): Promise<void> {
    if (!context) return;
    const closed = await Promise.race([
      context.close().then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000).unref()),
    ]).catch(() => false);
    if (!closed) {
      this.log.error({}, "a print job's page did not close; restarting Chromium");
      const browser = await this.browser?.catch(() => undefined);
      this.browser = undefined;
      await browser?.close().catch(() => undefined);
    }
  }

  private async slot(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

function documentPolicy(javaScript: boolean): string {
  return javaScript ? `${DOCUMENT_CSP}; script-src 'unsafe-inline'` : DOCUMENT_CSP;
}
