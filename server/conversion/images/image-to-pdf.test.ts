// PNG and JPEG uploads become one Letter page, the picture scaled to fit and turned the way the
// camera meant it, without the camera's metadata. Checked on the page poppler renders.
import { describe, expect, it } from "vitest";
import { lacks } from "../../../tests/helpers/system-tools";
import {
  BLUE,
  buildJpeg,
  buildPng,
  GPS_MARKER,
  GREEN,
  quarters,
  RED,
  type Rgb,
  YELLOW,
} from "../testing/build-images";
import { extractImages, pdfImages, pdfInfo, type Rendered, renderPage } from "../testing/read-pdf";
import { imageToPdf } from "./image-to-pdf";

const LETTER_PORTRAIT = "612 x 792 pts (letter)";
const LETTER_LANDSCAPE = "792 x 612 pts (letter)";

/** The colour near the centre of each quarter of the picture's box on the rendered page. */
function quarterColours(page: Rendered): Rgb[] {
  // The picture fills the page inside half-inch margins along its limiting side and is centred;
  // sample the quarters of the middle of the page at 25 % / 75 % of a box that is surely inside it.
  const box = paintedBox(page);
  const at = (fx: number, fy: number) =>
    page.pixel(
      Math.round(box.left + (box.right - box.left) * fx),
      Math.round(box.top + (box.bottom - box.top) * fy),
    );
  return [at(0.25, 0.25), at(0.75, 0.25), at(0.25, 0.75), at(0.75, 0.75)];
}

function paintedBox(page: Rendered) {
  let left = page.width;
  let right = 0;
  let top = page.height;
  let bottom = 0;
  for (let y = 0; y < page.height; y++) {
    for (let x = 0; x < page.width; x++) {
      const [r, g, b] = page.pixel(x, y);
      if (r < 240 || g < 240 || b < 240) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return { left, right, top, bottom, width: right - left + 1, height: bottom - top + 1 };
}

function expectColour(actual: Rgb, expected: Rgb) {
  for (let i = 0; i < 3; i++)
    expect(Math.abs((actual[i] as number) - (expected[i] as number))).toBeLessThan(40);
}

describe("PNG", () => {
  // Skipped where poppler is missing (poppler-utils reads the PDF); CI installs it and fails on a
  // skip.
  it.skipIf(lacks("poppler"))(
    "puts a landscape picture on a landscape Letter page, scaled to fit and centred",
    async () => {
      const pdf = await imageToPdf("png", buildPng(400, 200, quarters(400, 200)));
      expect((await pdfInfo(pdf))["Page size"]).toBe(LETTER_LANDSCAPE);
      const page = await renderPage(pdf, 1, 72);
      const box = paintedBox(page);
      // 720 pt wide (792 − 2 × 36), 360 pt high, centred: top at (612 − 360) / 2 = 126.
      expect(box.width).toBeGreaterThanOrEqual(718);
      expect(box.width).toBeLessThanOrEqual(722);
      expect(Math.abs(box.top - 126)).toBeLessThanOrEqual(2);
      const [topLeft, topRight, bottomLeft, bottomRight] = quarterColours(page);
      expectColour(topLeft as Rgb, RED);
      expectColour(topRight as Rgb, GREEN);
      expectColour(bottomLeft as Rgb, BLUE);
      expectColour(bottomRight as Rgb, YELLOW);
    },
  );

  it("keeps the pixels exactly (lossless) and none of the PNG's text or EXIF chunks", async () => {
    const secret = Buffer.from(`Comment\0${GPS_MARKER}`, "latin1");
    const png = buildPng(64, 80, quarters(64, 80), {
      extraChunks: [
        { type: "tEXt", data: secret },
        { type: "eXIf", data: Buffer.from(`MM\0*${GPS_MARKER}`, "latin1") },
      ],
    });
    const pdf = await imageToPdf("png", png);
    expect(Buffer.from(pdf).includes(GPS_MARKER)).toBe(false);
    // The picture and the page, as poppler reads them (where installed).
    if (lacks("poppler")) return;
    expect(await pdfImages(pdf)).toEqual([{ page: 1, width: 64, height: 80, encoding: "image" }]);
    expect((await pdfInfo(pdf))["Page size"]).toBe(LETTER_PORTRAIT);
  });

  // Skipped where poppler is missing (poppler-utils reads the PDF); CI installs it and fails on a
  // skip.
  it.skipIf(lacks("poppler"))("keeps transparency as a soft mask over white", async () => {
    const pdf = await imageToPdf("png", buildPng(100, 100, quarters(100, 100), { alpha: true }));
    const images = await pdfImages(pdf);
    expect(images.map((image) => image.width)).toEqual([100, 100]); // the picture and its mask
    const page = await renderPage(pdf, 1, 72);
    // Alpha falls from opaque (left) to transparent (right): the left edge is red, the right nearly white.
    const box = { top: 126, left: 36 }; // 540 pt square, centred on the portrait page
    expectColour(page.pixel(box.left + 5, box.top + 100), RED);
    const right = page.pixel(612 - 36 - 3, box.top + 100);
    expect(Math.min(...right)).toBeGreaterThan(200);
  });

  it("refuses a PNG with a palette but no palette chunk", async () => {
    const png = buildPng(8, 8, quarters(8, 8));
    png[25] = 3; // colour type: indexed — but no PLTE follows, and the IHDR CRC no longer matches
    await expect(imageToPdf("png", png)).rejects.toThrow("not a valid PNG image");
  });
});

describe("JPEG", () => {
  // Skipped where poppler is missing (poppler-utils reads the PDF); CI installs it and fails on a
  // skip.
  it.skipIf(lacks("poppler"))(
    "applies the EXIF orientation: a picture to be turned 90° clockwise is shown upright",
    async () => {
      // Stored 200 × 100 (landscape); orientation 6 shows it 100 × 200, turned clockwise:
      // the stored top-left (red) ends at the top right, the stored bottom-left (blue) at the top left.
      const jpeg = buildJpeg(200, 100, quarters(200, 100), { orientation: 6 });
      const pdf = await imageToPdf("jpeg", jpeg);
      expect((await pdfInfo(pdf))["Page size"]).toBe(LETTER_PORTRAIT);
      const page = await renderPage(pdf, 1, 36);
      const box = paintedBox(page);
      expect(box.height).toBeGreaterThan(box.width * 1.8);
      const [topLeft, topRight, bottomLeft, bottomRight] = quarterColours(page);
      expectColour(topLeft as Rgb, BLUE);
      expectColour(topRight as Rgb, RED);
      expectColour(bottomLeft as Rgb, YELLOW);
      expectColour(bottomRight as Rgb, GREEN);
    },
  );

  // Skipped where poppler is missing (poppler-utils reads the PDF); CI installs it and fails on a
  // skip.
  it.skipIf(lacks("poppler")).each([
    [3, [YELLOW, BLUE, GREEN, RED]],
    [8, [GREEN, YELLOW, RED, BLUE]],
    [2, [GREEN, RED, YELLOW, BLUE]],
  ] as const)("applies orientation %i", async (orientation, expected) => {
    const square = buildJpeg(120, 120, quarters(120, 120), { orientation });
    const colours = quarterColours(await renderPage(await imageToPdf("jpeg", square), 1, 36));
    colours.forEach((colour, i) => {
      expectColour(colour, expected[i] as Rgb);
    });
  });

  it("embeds the camera's compressed data unchanged, without the EXIF block and its GPS position", async () => {
    const jpeg = buildJpeg(200, 100, quarters(200, 100), { orientation: 6 });
    expect(jpeg.includes(GPS_MARKER)).toBe(true);
    const pdf = await imageToPdf("jpeg", jpeg);
    expect(Buffer.from(pdf).includes(GPS_MARKER)).toBe(false);
    // The embedded image, as poppler extracts it (where installed).
    if (lacks("poppler")) return;
    const [embedded] = await extractImages(pdf);
    expect(embedded?.includes("Exif")).toBe(false);
    expect(embedded?.includes(GPS_MARKER)).toBe(false);
    // The scan data (everything from the first start-of-scan marker) is the camera's, byte for byte.
    const scan = (bytes: Buffer) => bytes.subarray(bytes.indexOf(Buffer.from([0xff, 0xda])));
    expect(Buffer.compare(scan(embedded as Buffer), scan(jpeg))).toBe(0);
  });

  it("drops comments and whatever follows the end-of-image marker", async () => {
    const jpeg = buildJpeg(16, 16, quarters(16, 16));
    const comment = Buffer.concat([
      Buffer.from([0xff, 0xfe, 0, 2 + GPS_MARKER.length]),
      Buffer.from(GPS_MARKER),
    ]);
    const withExtras = Buffer.concat([
      jpeg.subarray(0, 2),
      comment,
      jpeg.subarray(2),
      Buffer.from(GPS_MARKER),
    ]);
    const pdf = await imageToPdf("jpeg", withExtras);
    expect(Buffer.from(pdf).includes(GPS_MARKER)).toBe(false);
  });
});
