// Reads converted PDFs the way a person would see them, through poppler: the text (pdftotext), a
// rendered page (pdftoppm, as PPM pixels), the embedded images (pdfimages) and the header (pdfinfo).
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

async function withPdf<T>(pdf: Uint8Array, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "read-pdf-"));
  try {
    const file = path.join(dir, "input.pdf");
    await writeFile(file, pdf);
    return await use(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function pdfText(pdf: Uint8Array): Promise<string> {
  return withPdf(pdf, async (file) => (await run("pdftotext", ["-layout", file, "-"])).stdout);
}

export async function pdfInfo(pdf: Uint8Array): Promise<Record<string, string>> {
  const { stdout } = await withPdf(pdf, (file) => run("pdfinfo", [file]));
  return Object.fromEntries(
    stdout
      .split("\n")
      .map((line) => line.match(/^([^:]+):\s*(.*)$/))
      .filter((match) => match !== null)
      .map((match) => [match[1] as string, match[2] as string]),
  );
}

export type ListedImage = { page: number; width: number; height: number; encoding: string };

export async function pdfImages(pdf: Uint8Array): Promise<ListedImage[]> {
  const { stdout } = await withPdf(pdf, (file) => run("pdfimages", ["-list", file]));
  return stdout
    .split("\n")
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => line.trim().split(/\s+/))
    .map((cols) => ({
      page: Number(cols[0]),
      width: Number(cols[3]),
      height: Number(cols[4]),
      encoding: cols[8] as string,
    }));
}

/** The embedded images' files as pdfimages writes them (`-all`: JPEGs stay JPEG bytes). */
export function extractImages(pdf: Uint8Array): Promise<Buffer[]> {
  return withPdf(pdf, async (file, dir) => {
    await run("pdfimages", ["-all", file, path.join(dir, "image")]);
    const names = (await readdir(dir)).filter((name) => name.startsWith("image")).sort();
    return Promise.all(names.map((name) => readFile(path.join(dir, name))));
  });
}

export type Rendered = {
  width: number;
  height: number;
  pixel(x: number, y: number): [number, number, number];
  /** Share of pixels that are not (near) white. */
  inkRatio(): number;
};

/** Page `page` rendered at `dpi` dots per inch. */
export function renderPage(pdf: Uint8Array, page = 1, dpi = 36): Promise<Rendered> {
  return withPdf(pdf, async (file, dir) => {
    const prefix = path.join(dir, "page");
    await run("pdftoppm", [
      "-r",
      String(dpi),
      "-f",
      String(page),
      "-l",
      String(page),
      "-singlefile",
      file,
      prefix,
    ]);
    return parsePpm(await readFile(`${prefix}.ppm`));
  });
}

function parsePpm(ppm: Buffer): Rendered {
  const header = ppm
    .subarray(0, 64)
    .toString("latin1")
    .match(/^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header) throw new Error("not a binary PPM");
  const width = Number(header[1]);
  const height = Number(header[2]);
  const data = ppm.subarray(header[0].length);
  const pixel = (x: number, y: number): [number, number, number] => {
    const at = (y * width + x) * 3;
    return [data[at] as number, data[at + 1] as number, data[at + 2] as number];
  };
  return {
    width,
    height,
    pixel,
    inkRatio() {
      let ink = 0;
      for (let i = 0; i < width * height; i++) {
        if (
          (data[i * 3] as number) < 200 ||
          (data[i * 3 + 1] as number) < 200 ||
          (data[i * 3 + 2] as number) < 200
        ) {
          ink++;
        }
      }
      return ink / (width * height);
    },
  };
}

export type OutlineItem = { title: string; page: number; depth: number };

/** The outline (bookmarks) as poppler reads it (`pdftohtml -xml`): each entry with its page and depth (1: top level). */
export function pdfOutline(pdf: Uint8Array): Promise<OutlineItem[]> {
  return withPdf(pdf, async (file) => {
    const { stdout } = await run("pdftohtml", ["-xml", "-i", "-stdout", "-q", file], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const start = stdout.indexOf("<outline>");
    if (start < 0) return [];
    const items: OutlineItem[] = [];
    let depth = 0;
    for (const match of stdout
      .slice(start)
      .matchAll(/<outline>|<\/outline>|<item page="(\d+)">([^<]*)<\/item>/g)) {
      if (match[0] === "<outline>") depth++;
      else if (match[0] === "</outline>") depth--;
      else items.push({ title: decodeXml(match[2] ?? ""), page: Number(match[1]), depth });
    }
    return items;
  });
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}
