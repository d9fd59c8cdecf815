// The shared Chromium printer: real PDFs from HTML and from pages of an allowed origin, with every
// other request blocked, scripts off unless asked, and a relaunch after a crash.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPng, quarters } from "../conversion/testing/build-images";
import { pdfImages, pdfInfo, pdfOutline, pdfText, renderPage } from "../conversion/testing/read-pdf";
import { PdfPrinter } from "./pdf-printer";

const SLOW = 60_000;
const silent = { info() {}, warn() {}, error() {} };
const png = buildPng(20, 20, quarters(20, 20));
const dataUrl = `data:image/png;base64,${png.toString("base64")}`;

let printer: PdfPrinter;
/** Two local servers: "ours" (allowed in printUrl) and "elsewhere" (never to be reached). */
let ours: { server: Server; origin: string; requests: string[] };
let elsewhere: { server: Server; origin: string; requests: string[] };

async function listen(
  pages: Record<string, string>,
): Promise<{ server: Server; origin: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = request.url ?? "/";
    requests.push(url);
    if (url.endsWith(".png")) response.writeHead(200, { "Content-Type": "image/png" }).end(png);
    else response.writeHead(200, { "Content-Type": "text/html" }).end(pages[url] ?? "<p>elsewhere</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

beforeAll(async () => {
  printer = await PdfPrinter.start(silent);
  elsewhere = await listen({});
  ours = await listen({});
}, SLOW);

afterAll(async () => {
  await printer?.close();
  ours?.server.close();
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

describe("printHtml", () => {
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

describe("printUrl", () => {
  it(
    "prints a page of the allowed origin with its own resources and nothing from elsewhere",
    async () => {
      const path = "/application.html";
      const html = `<!doctype html><h1>Application of Ada</h1><img src="/own.png">
        <img src="${elsewhere.origin}/tracker.png"><script src="${elsewhere.origin}/x.js"></script>
        <script>fetch("${elsewhere.origin}/beacon").catch(() => {}); document.body.insertAdjacentHTML("beforeend", "<p>rendered by script</p>")</script>`;
      ours.server.removeAllListeners("request");
      ours.server.on("request", (request, response) => {
        ours.requests.push(request.url ?? "");
        if (request.url === path) response.writeHead(200, { "Content-Type": "text/html" }).end(html);
        else response.writeHead(200, { "Content-Type": "image/png" }).end(png);
      });
      elsewhere.requests.length = 0;
      ours.requests.length = 0;
      const pdf = await printer.printUrl(`${ours.origin}${path}`, {
        allowOrigin: ours.origin,
        javaScript: true,
        headers: { "X-Service-Token": "t" },
      });
      const text = await pdfText(pdf);
      expect(text).toContain("Application of Ada");
      expect(text).toContain("rendered by script");
      expect(ours.requests).toEqual(expect.arrayContaining([path, "/own.png"]));
      expect(elsewhere.requests).toEqual([]);
      expect(await picturesOf20px(pdf)).toBe(1); // own.png; the tracker (same picture) was never loaded
    },
    SLOW,
  );

  it(
    "waits until the page says it is ready, and prints on its own @page size and margins, tagged, with an outline",
    async () => {
      const path = "/ready.html";
      // The page renders late (as the service view does after reading the application).
      const html = `<!doctype html><html lang="en"><head><title>Ready</title>
        <style>@page { size: A4; margin: 30mm; }</style></head><body>
        <script>setTimeout(() => {
          document.body.insertAdjacentHTML("beforeend", "<h1>Step One</h1><p>late text</p><h1 style='break-before: page'>Step Two</h1>");
          document.body.dataset.state = "ready";
        }, 300)</script></body></html>`;
      ours.server.removeAllListeners("request");
      ours.server.on("request", (_request, response) =>
        response.writeHead(200, { "Content-Type": "text/html" }).end(html),
      );
      const pdf = await printer.printUrl(`${ours.origin}${path}`, {
        allowOrigin: ours.origin,
        javaScript: true,
        pageCss: true,
        tagged: true,
        outline: true,
        whenReady: async (page) => {
          await page.waitForFunction(() => document.body?.dataset.state === "ready");
        },
      });
      expect(await pdfText(pdf)).toContain("late text");
      const info = await pdfInfo(pdf);
      expect(info["Page size"]).toMatch(/pts \(A4\)$/);
      expect(info.Tagged).toBe("yes");
      expect(info.Pages).toBe("2");
      expect(await pdfOutline(pdf)).toStrictEqual([
        { title: "Step One", page: 1, depth: 1 },
        { title: "Step Two", page: 2, depth: 1 },
      ]);

      // A page that never says so is refused: no PDF of a half-rendered page.
      await expect(
        printer.printUrl(`${ours.origin}${path}`, {
          allowOrigin: ours.origin,
          javaScript: true,
          whenReady: async () => {
            throw new Error("not ready");
          },
        }),
      ).rejects.toThrow("not ready");
    },
    SLOW,
  );

  it(
    "fetches our origin's immutable files once per process, and everything else for every job",
    async () => {
      ours.server.removeAllListeners("request");
      ours.requests.length = 0;
      ours.server.on("request", (request, response) => {
        ours.requests.push(request.url ?? "");
        if (request.url === "/page.html") {
          response
            .writeHead(200, { "Content-Type": "text/html", "Cache-Control": "no-store" })
            .end(
              `<!doctype html><p>page</p><script src="/assets/app-1234.js"></script><script src="/data.js"></script>`,
            );
        } else if (request.url === "/assets/app-1234.js") {
          response
            .writeHead(200, {
              "Content-Type": "text/javascript",
              "Cache-Control": "public, max-age=31536000, immutable",
            })
            .end(`document.body.insertAdjacentHTML("beforeend", "<p>from the asset</p>")`);
        } else {
          response
            .writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "no-store" })
            .end(`document.body.insertAdjacentHTML("beforeend", "<p>personal data</p>")`);
        }
      });
      for (let job = 0; job < 2; job++) {
        const text = await pdfText(
          await printer.printUrl(`${ours.origin}/page.html`, { allowOrigin: ours.origin, javaScript: true }),
        );
        expect(text, `job ${job}: ${ours.requests.join(" ")}`).toContain("from the asset");
        expect(text).toContain("personal data");
      }
      expect(ours.requests.filter((url) => url === "/assets/app-1234.js")).toHaveLength(1);
      expect(ours.requests.filter((url) => url === "/data.js")).toHaveLength(2);
      expect(ours.requests.filter((url) => url === "/page.html")).toHaveLength(2);
    },
    SLOW,
  );

  it("refuses a URL outside the allowed origin", () => {
    expect(() => printer.printUrl(`${elsewhere.origin}/x.html`, { allowOrigin: ours.origin })).toThrow(
      "is not on the allowed origin",
    );
  });
});

describe("contexts made ahead (a spare after each job)", () => {
  it(
    "gives every job a context of its own: nothing one job stored is seen by the next, jobs at once never share one",
    async () => {
      const pages: Record<string, string> = {
        "/store.html":
          "<!doctype html><p>stored</p><script>localStorage.setItem('who', 'Ada'); document.cookie = 'who=Ada'</script>",
        "/read.html":
          "<!doctype html><p id=out></p><script>document.getElementById('out').textContent = 'seen: ' + (localStorage.getItem('who') ?? 'nothing') + ' / ' + (document.cookie || 'no cookie')</script>",
      };
      ours.server.removeAllListeners("request");
      ours.server.on("request", (request, response) => {
        response.writeHead(200, { "Content-Type": "text/html" }).end(pages[request.url ?? ""] ?? "");
      });
      const print = (path: string) =>
        printer.printUrl(`${ours.origin}${path}`, { allowOrigin: ours.origin, javaScript: true });
      await print("/store.html");
      for (let job = 0; job < 3; job++) {
        expect(await pdfText(await print("/read.html"))).toContain("seen: nothing / no cookie");
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
      await expect.poll(() => browser.contexts().length, { timeout: 30_000 }).toBe(2);
    },
    SLOW,
  );
});

describe("the supervisor", () => {
  it(
    "relaunches Chromium after it crashes",
    async () => {
      const crashed = await printer.connectedBrowser();
      const session = await crashed.newBrowserCDPSession();
      await session.send("Browser.crash").catch(() => undefined);
      await expect.poll(() => crashed.isConnected(), { timeout: 30_000 }).toBe(false);
      const pdf = await printer.printHtml("<!doctype html><p>after the crash</p>");
      expect(await pdfText(pdf)).toContain("after the crash");
      expect(await printer.connectedBrowser()).not.toBe(crashed);
    },
    SLOW,
  );
});
