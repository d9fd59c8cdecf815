// Test inputs: PNG and JPEG files built from pixels, with the metadata a phone adds (EXIF
// orientation and GPS position) and the chunks a hostile file might carry.
import { crc32, deflateSync } from "node:zlib";
import { encode as encodeJpeg } from "jpeg-js";

export type Rgb = [number, number, number];
export const RED: Rgb = [230, 20, 20];
export const GREEN: Rgb = [20, 200, 20];
export const BLUE: Rgb = [20, 20, 230];
export const YELLOW: Rgb = [240, 230, 20];

/** Four coloured quarters (top-left red, top-right green, bottom-left blue, bottom-right yellow). */
export function quarters(width: number, height: number): (x: number, y: number) => Rgb {
  return (x, y) => {
    const top = y < height / 2;
    const left = x < width / 2;
    if (top) return left ? RED : GREEN;
    return left ? BLUE : YELLOW;
  };
}

/** Deterministic noise around a gradient: compresses like a photo, not like a flat colour. */
export function photoLike(seed = 1): (x: number, y: number) => Rgb {
  let state = seed;
  return (x, y) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const noise = (state >> 16) & 31;
    return [(x + noise) & 255, (y + noise) & 255, ((x ^ y) + noise) & 255];
  };
}

type PngOptions = { alpha?: boolean; extraChunks?: { type: string; data: Uint8Array }[] };

export function buildPng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => Rgb,
  options: PngOptions = {},
): Buffer {
  const channels = options.alpha ? 4 : 3;
  const stride = width * channels;
  const raw = Buffer.alloc((stride + 1) * height);
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const current = Buffer.alloc(stride);
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      current.set(options.alpha ? [r, g, b, 255 - Math.floor((x * 255) / width)] : [r, g, b], x * channels);
    }
    const type = y % 5; // every filter type, so the reader's unfiltering is exercised
    raw[y * (stride + 1)] = type;
    raw.set(filterRow(type, current, previous, channels), y * (stride + 1) + 1);
    previous = current;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = options.alpha ? 6 : 2;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    ...(options.extraChunks ?? []).map((chunk) => pngChunk(chunk.type, chunk.data)),
    pngChunk("IDAT", deflateSync(raw)),
    pngChunk("IEND", new Uint8Array()),
  ]);
}

function filterRow(type: number, row: Buffer, previous: Buffer, stride: number): Buffer {
  const out = Buffer.alloc(row.length);
  for (let i = 0; i < row.length; i++) {
    const a = i >= stride ? (row[i - stride] as number) : 0;
    const b = previous[i] as number;
    const c = i >= stride ? (previous[i - stride] as number) : 0;
    const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][type] as number;
    out[i] = ((row[i] as number) - predictor) & 0xff;
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngChunk(type: string, data: Uint8Array): Buffer {
  const chunk = Buffer.alloc(12 + data.byteLength);
  chunk.writeUInt32BE(data.byteLength, 0);
  chunk.write(type, 4, "latin1");
  chunk.set(data, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.byteLength)), 8 + data.byteLength);
  return chunk;
}

/** A PNG whose header claims `width` × `height` pixels, with a tiny (valid) IDAT. */
export function pngWithHugeHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(1024))),
    pngChunk("IEND", new Uint8Array()),
  ]);
}

/** A marker string written into the GPS block, so a test can look for it in the output bytes. */
export const GPS_MARKER = "GPS-48.8584N-2.2945E";

export function buildJpeg(
  width: number,
  height: number,
  pixel: (x: number, y: number) => Rgb,
  options: { orientation?: number; quality?: number } = {},
): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([...pixel(x, y), 255], (y * width + x) * 4);
  }
  const jpeg = encodeJpeg({ data, width, height }, options.quality ?? 90).data;
  if (!options.orientation) return Buffer.from(jpeg);
  // Insert the EXIF segment right after SOI, as cameras do.
  return Buffer.concat([jpeg.subarray(0, 2), exifSegment(options.orientation), jpeg.subarray(2)]);
}

/**
 * An APP1 "Exif" segment (big-endian TIFF) with IFD0 = { Orientation, GPSInfo → GPS IFD }, the GPS
 * IFD holding latitude/longitude rationals and a processing-method string carrying GPS_MARKER.
 */
function exifSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(200);
  tiff.write("MM", 0, "latin1");
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0 at 8: two entries.
  tiff.writeUInt16BE(2, 8);
  writeEntry(tiff, 10, 0x0112, 3, 1, orientation << 16); // SHORT, left-justified in the value field
  writeEntry(tiff, 22, 0x8825, 4, 1, 38); // GPSInfo → offset 38
  tiff.writeUInt32BE(0, 34); // no next IFD
  // GPS IFD at 38: three entries.
  tiff.writeUInt16BE(3, 38);
  writeEntry(tiff, 40, 0x0002, 5, 3, 80); // GPSLatitude: 3 rationals at 80
  writeEntry(tiff, 52, 0x0004, 5, 3, 104); // GPSLongitude: 3 rationals at 104
  writeEntry(tiff, 64, 0x001b, 7, 8 + GPS_MARKER.length, 128); // GPSProcessingMethod (UNDEFINED)
  tiff.writeUInt32BE(0, 76);
  for (const [i, n] of [48, 1, 51, 1, 3024, 100].entries()) tiff.writeUInt32BE(n, 80 + i * 4);
  for (const [i, n] of [2, 1, 17, 1, 4200, 100].entries()) tiff.writeUInt32BE(n, 104 + i * 4);
  tiff.write(`ASCII\0\0\0${GPS_MARKER}`, 128, "latin1");
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.byteLength + 2, 2);
  return Buffer.concat([header, body]);
}

function writeEntry(tiff: Buffer, at: number, tag: number, type: number, count: number, value: number): void {
  tiff.writeUInt16BE(tag, at);
  tiff.writeUInt16BE(type, at + 2);
  tiff.writeUInt32BE(count, at + 4);
  tiff.writeUInt32BE(value >>> 0, at + 8);
}
