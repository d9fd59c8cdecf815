// PNG files as PDF images, without a general-purpose decoder where none is needed. Opaque,
// non-interlaced images keep their compressed pixel data as is (PDF's Flate filter understands
// PNG's row predictors); 8-bit images with alpha are inflated, unfiltered and split into colour
// and a soft mask. Anything rarer (interlaced, 16-bit alpha, transparency chunks) goes through
// pdf-lib's own decoder. Only pixels are carried over: text chunks, eXIf and the like never reach
// the PDF.
import { crc32, deflateSync, inflateSync } from "node:zlib";
import { type PDFDocument, PDFHexString, type PDFRef } from "pdf-lib";
import { refusals } from "../refusals";

export type PngHeader = {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
};

type PngChunks = { header: PngHeader; idat: Uint8Array; palette?: Uint8Array; hasTransparency: boolean };

const SIGNATURE_BYTES = 8;
const ALLOWED_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** The IHDR chunk, which PNG requires first: dimensions are known before anything is inflated. */
export function readPngHeader(bytes: Uint8Array): PngHeader {
  const view = viewOf(bytes);
  if (bytes.byteLength < SIGNATURE_BYTES + 25) throw refusals.invalid("png");
  const length = view.getUint32(8);
  const type = ascii(bytes, 12, 16);
  if (length !== 13 || type !== "IHDR" || !crcMatches(bytes, view, 8, 13)) throw refusals.invalid("png");
  const header: PngHeader = {
    width: view.getUint32(16),
    height: view.getUint32(20),
    bitDepth: bytes[24] as number,
    colorType: bytes[25] as number,
    interlaced: bytes[28] === 1,
  };
  const valid =
    header.width > 0 &&
    header.height > 0 &&
    ALLOWED_DEPTHS[header.colorType]?.includes(header.bitDepth) &&
    bytes[26] === 0 &&
    bytes[27] === 0 &&
    (bytes[28] as number) <= 1;
  if (!valid) throw refusals.invalid("png");
  return header;
}

function readChunks(bytes: Uint8Array): PngChunks {
  const header = readPngHeader(bytes);
  const view = viewOf(bytes);
  const idat: Uint8Array[] = [];
  let palette: Uint8Array | undefined;
  let hasTransparency = false;
  let at = SIGNATURE_BYTES;
  for (;;) {
    if (at + 12 > bytes.byteLength) throw refusals.invalid("png");
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, at + 8);
    if (at + 12 + length > bytes.byteLength || !crcMatches(bytes, view, at, length)) {
      throw refusals.invalid("png");
    }
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (type === "IDAT") idat.push(data);
    else if (type === "PLTE") palette = data;
    else if (type === "tRNS") hasTransparency = true;
    else if (type === "IEND") break;
    at += 12 + length;
  }
  const badPalette = palette && (palette.byteLength % 3 !== 0 || palette.byteLength === 0);
  if (idat.length === 0 || (header.colorType === 3 && !palette) || badPalette) throw refusals.invalid("png");
  return { header, idat: Buffer.concat(idat), palette, hasTransparency };
}

/** Adds the PNG to `pdf` as an image XObject. */
export async function embedPng(pdf: PDFDocument, bytes: Uint8Array): Promise<PDFRef> {
  const png = readChunks(bytes);
  const { header } = png;
  const rowBytes = Math.ceil((header.width * (CHANNELS[header.colorType] as number) * header.bitDepth) / 8);
  const simple = !header.interlaced && !png.hasTransparency;

  if (simple && (header.colorType === 0 || header.colorType === 2 || header.colorType === 3)) {
    inflateExactly(png.idat, (rowBytes + 1) * header.height); // refuses corrupt pixel data
    const colors = header.colorType === 2 ? 3 : 1;
    return pdf.context.register(
      pdf.context.stream(png.idat, {
        Type: "XObject",
        Subtype: "Image",
        Width: header.width,
        Height: header.height,
        BitsPerComponent: header.bitDepth,
        ColorSpace: colorSpace(header, png.palette),
        Filter: "FlateDecode",
        DecodeParms: {
          Predictor: 15,
          Colors: colors,
          BitsPerComponent: header.bitDepth,
          Columns: header.width,
        },
      }),
    );
  }
  if (simple && header.bitDepth === 8 && (header.colorType === 4 || header.colorType === 6)) {
    const pixels = unfilter(inflateExactly(png.idat, (rowBytes + 1) * header.height), header, rowBytes);
    return embedWithAlpha(pdf, header, pixels);
  }
  try {
    return (await pdf.embedPng(new Uint8Array(bytes))).ref; // a copy: pdf-lib ignores byteOffset
  } catch {
    throw refusals.invalid("png");
  }
}

function colorSpace(header: PngHeader, palette: Uint8Array | undefined) {
  if (header.colorType === 2) return "DeviceRGB";
  if (header.colorType === 0 || !palette) return "DeviceGray";
  return [
    "Indexed",
    "DeviceRGB",
    palette.byteLength / 3 - 1,
    PDFHexString.of(Buffer.from(palette).toString("hex")),
  ];
}

function embedWithAlpha(pdf: PDFDocument, header: PngHeader, pixels: Uint8Array): PDFRef {
  const channels = CHANNELS[header.colorType] as number;
  const colorChannels = channels - 1;
  const count = header.width * header.height;
  const color = Buffer.allocUnsafe(count * colorChannels);
  const alpha = Buffer.allocUnsafe(count);
  for (let i = 0, c = 0, p = 0; i < count; i++) {
    for (let k = 0; k < colorChannels; k++) color[c++] = pixels[p++] as number;
    alpha[i] = pixels[p++] as number;
  }
  const image = (data: Uint8Array, space: string, extra: Record<string, PDFRef> = {}) =>
    pdf.context.register(
      pdf.context.stream(deflateSync(data, { level: 3 }), {
        Type: "XObject",
        Subtype: "Image",
        Width: header.width,
        Height: header.height,
        BitsPerComponent: 8,
        ColorSpace: space,
        Filter: "FlateDecode",
        ...extra,
      }),
    );
  const mask = image(alpha, "DeviceGray");
  return image(color, colorChannels === 3 ? "DeviceRGB" : "DeviceGray", { SMask: mask });
}

function inflateExactly(data: Uint8Array, expected: number): Buffer {
  let pixels: Buffer;
  try {
    pixels = inflateSync(data, { maxOutputLength: expected + 1 });
  } catch {
    throw refusals.invalid("png");
  }
  if (pixels.byteLength !== expected) throw refusals.invalid("png");
  return pixels;
}

/** Reverses PNG's per-row filters (8-bit samples, so the pixel stride is the channel count). */
function unfilter(data: Buffer, header: PngHeader, rowBytes: number): Uint8Array {
  const stride = CHANNELS[header.colorType] as number;
  const out = new Uint8Array(rowBytes * header.height);
  for (let y = 0; y < header.height; y++) {
    const filter = data[y * (rowBytes + 1)];
    const src = y * (rowBytes + 1) + 1;
    const row = y * rowBytes;
    const up = row - rowBytes; // the previous row; treated as zeros on the first row
    const first = y === 0;
    // One loop per filter type: this runs for every byte of the image.
    if (filter === 0 || (filter === 2 && first)) {
      out.set(data.subarray(src, src + rowBytes), row);
    } else if (filter === 1 || (filter === 4 && first)) {
      for (let x = 0; x < rowBytes; x++) {
        out[row + x] =
          ((data[src + x] as number) + (x >= stride ? (out[row + x - stride] as number) : 0)) & 0xff;
      }
    } else if (filter === 2) {
      for (let x = 0; x < rowBytes; x++)
        out[row + x] = ((data[src + x] as number) + (out[up + x] as number)) & 0xff;
    } else if (filter === 3) {
      for (let x = 0; x < rowBytes; x++) {
        const left = x >= stride ? (out[row + x - stride] as number) : 0;
        const above = first ? 0 : (out[up + x] as number);
        out[row + x] = ((data[src + x] as number) + ((left + above) >> 1)) & 0xff;
      }
    } else if (filter === 4) {
      for (let x = 0; x < rowBytes; x++) {
        const left = x >= stride ? (out[row + x - stride] as number) : 0;
        const upLeft = x >= stride ? (out[up + x - stride] as number) : 0;
        out[row + x] = ((data[src + x] as number) + paeth(left, out[up + x] as number, upLeft)) & 0xff;
      }
    } else {
      throw refusals.invalid("png");
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

function crcMatches(bytes: Uint8Array, view: DataView, chunkStart: number, length: number): boolean {
  return (
    crc32(bytes.subarray(chunkStart + 4, chunkStart + 8 + length)) === view.getUint32(chunkStart + 8 + length)
  );
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.subarray(start, end)).toString("latin1");
}
