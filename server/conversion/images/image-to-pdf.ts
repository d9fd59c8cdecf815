// A PNG or JPEG as one Letter page: portrait or landscape to match the picture as it is meant to
// be seen (EXIF orientation applied), scaled to fit inside half-inch margins, centred.
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
} from "pdf-lib";
import { refusals } from "../refusals";
import { readJpeg, readJpegSize } from "./jpeg";
import { embedPng, readPngHeader } from "./png";

/** Decoded, an image this size takes 160 MB (RGBA); anything larger is refused before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000;
const LETTER = { short: 612, long: 792 };
const MARGIN = 36;

/** Refuses images over the pixel limit, from the header alone. */
export function checkImageSize(kind: "png" | "jpeg", bytes: Uint8Array, maxPixels = MAX_IMAGE_PIXELS): void {
  const { width, height } = kind === "png" ? readPngHeader(bytes) : readJpegSize(bytes);
  if (width * height > maxPixels) throw refusals.imageTooLarge(width, height, maxPixels);
}

export async function imageToPdf(kind: "png" | "jpeg", bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  let image: PDFRef;
  let width: number;
  let height: number;
  let orientation = 1;
  if (kind === "png") {
    ({ width, height } = readPngHeader(bytes));
    image = await embedPng(pdf, bytes);
  } else {
    const jpeg = readJpeg(bytes);
    ({ width, height, orientation } = jpeg);
    try {
      image = (await pdf.embedJpg(jpeg.stripped)).ref;
    } catch {
      throw refusals.invalid("jpeg");
    }
  }
  // Orientations 5–8 turn the picture a quarter: what is seen is height × width.
  const turned = orientation >= 5;
  const shownWidth = turned ? height : width;
  const shownHeight = turned ? width : height;
  const landscape = shownWidth > shownHeight;
  const pageWidth = landscape ? LETTER.long : LETTER.short;
  const pageHeight = landscape ? LETTER.short : LETTER.long;
  const scale = Math.min((pageWidth - 2 * MARGIN) / shownWidth, (pageHeight - 2 * MARGIN) / shownHeight);
  const w = shownWidth * scale;
  const h = shownHeight * scale;
  const x = (pageWidth - w) / 2;
  const y = (pageHeight - h) / 2;

  const page = pdf.addPage([pageWidth, pageHeight]);
  const name = page.node.newXObject("Image", image);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(...placement(orientation, x, y, w, h)),
    drawObject(name),
    popGraphicsState(),
  );
  return pdf.save();
}

type Matrix = [number, number, number, number, number, number];

/**
 * The matrix that maps the image's unit square onto the box (x, y, w, h) as EXIF orientation
 * `orientation` asks (w, h are the box as seen). PDF draws the image's first row at the top of the
 * unit square (v = 1) and its first column at the left (u = 0).
 */
export function placement(orientation: number, x: number, y: number, w: number, h: number): Matrix {
  switch (orientation) {
    case 2: // mirrored left–right
      return [-w, 0, 0, h, x + w, y];
    case 3: // turned 180°
      return [-w, 0, 0, -h, x + w, y + h];
    case 4: // mirrored top–bottom
      return [w, 0, 0, -h, x, y + h];
    case 5: // mirrored along the top-left to bottom-right diagonal
      return [0, -h, -w, 0, x + w, y + h];
    case 6: // to be turned 90° clockwise
      return [0, -h, w, 0, x, y + h];
    case 7: // mirrored along the other diagonal
      return [0, h, w, 0, x, y];
    case 8: // to be turned 90° counter-clockwise
      return [0, h, -w, 0, x + w, y];
    default:
      return [w, 0, 0, h, x, y];
  }
}
