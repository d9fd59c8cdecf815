// The shared Chromium printer: real PDFs from HTML, with every request blocked, scripts off unless
// asked, a fresh context per job, and a relaunch after a crash.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lacks } from "../../tests/helpers/system-tools";
import { buildPng, quarters } from "../conversion/testing/build-images";
import { pdfImages, pdfInfo, pdfOutline, pdfText, renderPage } from "../conversion/testing/read-pdf";
import { PdfPrinter } from "./pdf-printer";

const SLOW = 60_000;
const silent = { info() {}, warn() {}, error() {} };
const png = buildPng(20, 20, quarters(20, 20));
const dataUrl = `data:image/png;base64,${png.toString("base64")}`;

let printer: PdfPrinter;
/** A local server that must never be reached. */
let elsewhere: { server: Server; origin: string; requests: string[] };

async function listen(): Promise<{ server: Server; origin: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = request.url ?? "/";
    requests.push(url);
    if (url.endsWith(".png")) response.writeHead(200, { "Content-Type": "image/png" }).end(png);
    else response.writeHead(200, { "Content-Type": "text/html" }).end("<p>elsewhere</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

beforeAll(async () => {
  printer = await PdfPrinter.start(silent);
  elsewhere = await listen();
}, SLOW);

afterAll(async () => {
  await printer?.close();
  elsewhere?.server.close();
});

async function picturesOf20px(pdf: Uint8Array): Promise<number> {
  return (await pdfImages(pdf)).filter((image) => image.width === 20 && image.height === 20).length;
}

/** Every way an HTML page can ask for something from elsewhere. */
function hostileHtml(base: string): string {
  return `<!doctype html><html><head>
    <link rel="stylesheet" href="${base}/style.css">
    <style>@import url("${base}/import.css"); body { background: url("${base}/background.png"); }</style>
    <script src="${base}/script.js"></script>
    </head><body>
    <h1>Personal statement</h1>
    <img src="${base}/picture.png"><img src="file:///etc/hostname">
    <iframe src="${base}/frame.html"></iframe>
    <object data="${base}/object.png"></object>
    <img src="${dataUrl}" alt="inline picture">
    <script>document.body.insertAdjacentHTML("beforeend", "<p>SCRIPT RAN</p>")</script>
    </body></html>`;
}

// Skipped where poppler is missing (poppler-utils reads the PDF); CI installs it and fails on a
// skip.
describe.skipIf(lacks("poppler"))("printHtml", () => {
  it(
    "prints the document on Letter paper by default, on A4 when asked",
    async () => {
      const html = "<!doctype html><p>Hello from the printer</p>";
      const letter = await printer.printHtml(html);
      expect((await pdfInfo(letter))["Page size"]).toMatch(/^612 x 792 pts/);
      expect(await pdfText(letter)).toContain("Hello from the printer");
      const a4 = await printer.printHtml(html, { format: "A4" });
      expect((await pdfInfo(a4))["Page size"]).toMatch(/\(A4\)$/);
    },
    SLOW,
  );

  it(
    "keeps the margins it is given",
    async () => {
      const html =
        '<!doctype html><body style="margin:0"><div style="height:50px;background:#000"></div></body>';
      const page = await renderPage(
        await printer.printHtml(html, { margin: { top: "1in", left: "2in" } }),
        1,
        72,
      );
      let top = -1;
      for (let y = 0; y < page.height && top < 0; y++) if (page.pixel(300, y)[0] < 100) top = y;
      let left = -1;
      for (let x = 0; x < page.width && left < 0; x++) if (page.pixel(x, top + 5)[0] < 100) left = x;
      expect(Math.abs(top - 72)).toBeLessThanOrEqual(2);
      expect(Math.abs(left - 144)).toBeLessThanOrEqual(2);
    },
    SLOW,
  );

  it(
    "loads nothing from the network or the disk, shows data: pictures, and runs no script",
    async () => {
      elsewhere.requests.length = 0;
      const pdf = await printer.printHtml(hostileHtml(elsewhere.origin));
      expect(elsewhere.requests).toEqual([]);
      const text = await pdfText(pdf);
      expect(text).toContain("Personal statement");
      expect(text).not.toContain("SCRIPT RAN");
      // The data: picture only (blocked ones leave Chromium's small broken-image icon).
      expect(await picturesOf20px(pdf)).toBe(1);
    },
    SLOW,
  );

  it(
    "stops a print whose signal aborts (a superseded application PDF), and prints the next one",
    async () => {
      const long = `<!doctype html><html><body>${"<p>Paragraph of a long application.</p>".repeat(20_000)}</body></html>`;
      const controller = new AbortController();
      const reason = new Error("superseded");
      const printing = printer.printHtml(long, { signal: controller.signal });
      controller.abort(reason);
      await expect(printing).rejects.toBe(reason);
      const already = printer.printHtml("<p>never</p>", { signal: controller.signal });
      await expect(already).rejects.toBe(reason);
      expect(await pdfText(await printer.printHtml("<p>Next one</p>"))).toContain("Next one");
    },
    SLOW,
  );

  it(
    "runs inline scripts when asked, still without reaching the network",
    async () => {
      elsewhere.requests.length = 0;
      const pdf = await printer.printHtml(hostileHtml(elsewhere.origin), { javaScript: true });
      expect(await pdfText(pdf)).toContain("SCRIPT RAN");
      expect(elsewhere.requests).toEqual([]);
    },
    SLOW,
  );
});

// Skipped where poppler is missing (poppler-utils reads the PDF); CI installs it and fails on a
// skip.
describe.skipIf(lacks("poppler"))("a document with its own paged media", () => {
  it(
    "prints on its own @page size and margins, tagged, with an outline of its headings",
    async () => {
      const html = `<!doctype html><html lang="en"><head><title>Paged</title>
        <style>@page { size: A4; margin: 30mm; }</style></head><body>
        <h1>Step One</h1><p>first text</p><h1 style="break-before: page">Step Two</h1></body></html>`;
      const pdf = await printer.printHtml(html, { pageCss: true, tagged: true, outline: true });
      expect(await pdfText(pdf)).toContain("first text");
      const info = await pdfInfo(pdf);
      expect(info["Page size"]).toMatch(/pts \(A4\)$/);
      expect(info.Tagged).toBe("yes");
      expect(info.Pages).toBe("2");
      expect(await pdfOutline(pdf)).toStrictEqual([
        { title: "Step One", page: 1, depth: 1 },
        { title: "Step Two", page: 2, depth: 1 },
      ]);
    },
    SLOW,
  );
});

// Skipped where poppler is missing (poppler-utils reads the PDF); CI installs it and fails on a
// skip.
describe.skipIf(lacks("poppler"))("contexts made ahead (a spare after each job)", () => {
  it(
    "makes the first job's context and page (scripts off) at start",
    async () => {
      const started = await PdfPrinter.start(silent);
      try {
        const browser = await started.connectedBrowser();
        await expect.poll(() => browser.contexts().length).toBe(1);
        expect(await pdfText(await started.printHtml("<!doctype html><p>the first job</p>"))).toContain(
          "the first job",
        );
      } finally {
        await started.close();
      }
    },
    SLOW,
  );

  it(
    "gives every job a context of its own: nothing one job stored is seen by the next, jobs at once never share one",
    async () => {
      const stores = "localStorage.setItem('who', 'Ada'); document.cookie = 'who=Ada';";
      const reads =
        "document.getElementById('out').textContent = 'seen: ' + (localStorage.getItem('who') ?? 'nothing') + ' / ' + (document.cookie || 'no cookie');";
      const page = (script: string) => `<!doctype html><p id=out></p><script>${script}</script>`;
      const print = (html: string) => printer.printHtml(html, { javaScript: true });
      // Within its own page, a job sees what it stored: the reading script does read.
      expect(await pdfText(await print(page(stores + reads)))).toContain("seen: Ada / who=Ada");
      for (let job = 0; job < 3; job++) {
        expect(await pdfText(await print(page(reads)))).toContain("seen: nothing / no cookie");
      }

      const texts = ["one", "two", "three", "four", "five", "six"];
      const pdfs = await Promise.all(
        texts.map((text) => printer.printHtml(`<!doctype html><p>job ${text}</p>`)),
      );
      for (const [index, pdf] of pdfs.entries()) {
        const text = await pdfText(pdf);
        expect(text).toContain(`job ${texts[index]}`);
        for (const other of texts.filter((_, i) => i !== index)) expect(text).not.toContain(`job ${other}`);
      }
      // What is left between jobs: one spare per setting (scripts on, scripts off), no job's own.
      const browser = await printer.connectedBrowser();
      await expect.poll(() => browser.contexts().length).toBe(2);
    },
    SLOW,
  );
});

// Skipped where poppler is missing (poppler-utils reads the PDF); CI installs it and fails on a
// skip.
describe.skipIf(lacks("poppler"))("the supervisor", () => {
  it(
    "relaunches Chromium after it crashes",
    async () => {
      const crashed = await printer.connectedBrowser();
      const session = await crashed.newBrowserCDPSession();
      await session.send("Browser.crash").catch(() => undefined);
      await expect.poll(() => crashed.isConnected()).toBe(false);
      const pdf = await printer.printHtml("<!doctype html><p>after the crash</p>");
      expect(await pdfText(pdf)).toContain("after the crash");
      expect(await printer.connectedBrowser()).not.toBe(crashed);
    },
    SLOW,
  );
});
