// JPEG files read marker by marker: dimensions from the frame header (before anything is decoded),
// the EXIF orientation, and a copy without metadata. The compressed image data is kept bit for bit
// (no re-encoding, no quality loss); orientation is applied when the image is placed on the page.
import { refusals } from "../refusals";

export type JpegInfo = {
  width: number;
  height: number;
  /** EXIF orientation 1–8 (1 when absent or unreadable). */
  orientation: number;
  /** The file without APP1–APP13, APP15 and comments (EXIF with GPS, XMP, IPTC, ICC…), ending at EOI. */
  stripped: Uint8Array;
};

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP14 = 0xee;
const COM = 0xfe;
/** Start-of-frame markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM and the restart markers. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** APP0 (JFIF) and APP14 (Adobe: colour transform) describe pixels; every other APPn is metadata. */
const isMetadata = (marker: number) =>
  (marker >= APP0 && marker <= 0xef && marker !== APP0 && marker !== APP14) || marker === COM;

export function readJpeg(bytes: Uint8Array): JpegInfo {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) throw refusals.invalid("jpeg");
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let frame: { width: number; height: number } | undefined;
  let orientation = 1;
  let sawScan = false;
  let at = 2;
  for (;;) {
    const { marker, start } = nextMarker(bytes, at);
    if (marker === EOI) {
      kept.push(bytes.subarray(start, start + 2));
      break;
    }
    if (isStandalone(marker)) {
      kept.push(bytes.subarray(start, start + 2));
      at = start + 2;
      continue;
    }
    if (start + 4 > bytes.byteLength) throw refusals.invalid("jpeg");
    const length = ((bytes[start + 2] as number) << 8) | (bytes[start + 3] as number);
    const end = start + 2 + length;
    if (length < 2 || end > bytes.byteLength) throw refusals.invalid("jpeg");
    const segment = bytes.subarray(start + 4, end);
    if (marker === APP1) orientation = exifOrientation(segment) ?? orientation;
    if (isStartOfFrame(marker) && !frame) frame = frameSize(segment);
    if (!isMetadata(marker)) kept.push(bytes.subarray(start, end));
    at = end;
    if (marker === SOS) {
      if (!frame) throw refusals.invalid("jpeg");
      sawScan = true;
      const dataEnd = endOfEntropyData(bytes, at);
      kept.push(bytes.subarray(at, dataEnd));
      at = dataEnd;
    }
  }
  if (!frame || !sawScan) throw refusals.invalid("jpeg");
  // A copy with its own ArrayBuffer: pdf-lib reads JPEGs through a DataView that ignores byteOffset.
  return { ...frame, orientation, stripped: new Uint8Array(Buffer.concat(kept)) };
}

/** The dimensions only, for the pixel limit (stops at the frame header). */
export function readJpegSize(bytes: Uint8Array): { width: number; height: number } {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) throw refusals.invalid("jpeg");
  let at = 2;
  for (;;) {
    const { marker, start } = nextMarker(bytes, at);
    if (marker === EOI || marker === SOS) throw refusals.invalid("jpeg");
    if (isStandalone(marker)) {
      at = start + 2;
      continue;
    }
    const length = ((bytes[start + 2] as number) << 8) | (bytes[start + 3] as number);
    const end = start + 2 + length;
    if (length < 2 || end > bytes.byteLength) throw refusals.invalid("jpeg");
    if (isStartOfFrame(marker)) return frameSize(bytes.subarray(start + 4, end));
    at = end;
  }
}

/** Skips fill bytes (0xFF runs) to the next marker. */
function nextMarker(bytes: Uint8Array, at: number): { marker: number; start: number } {
  if (bytes[at] !== 0xff) throw refusals.invalid("jpeg");
  let start = at;
  while (bytes[start + 1] === 0xff) start++;
  const marker = bytes[start + 1];
  if (marker === undefined || marker === 0) throw refusals.invalid("jpeg");
  return { marker, start };
}

/** Entropy-coded data runs until a marker other than a stuffed 0xFF00 or a restart marker. */
function endOfEntropyData(bytes: Uint8Array, from: number): number {
  for (let at = from; at + 1 < bytes.byteLength; at++) {
    if (bytes[at] !== 0xff) continue;
    const next = bytes[at + 1] as number;
    if (next === 0 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) continue;
    return at;
  }
  throw refusals.invalid("jpeg");
}

function frameSize(segment: Uint8Array): { width: number; height: number } {
  if (segment.byteLength < 6) throw refusals.invalid("jpeg");
  const height = ((segment[1] as number) << 8) | (segment[2] as number);
  const width = ((segment[3] as number) << 8) | (segment[4] as number);
  if (width === 0 || height === 0) throw refusals.invalid("jpeg");
  return { width, height };
}

/** Tag 0x0112 of IFD0 in an "Exif\0\0" APP1 segment; undefined when absent or malformed. */
export function exifOrientation(segment: Uint8Array): number | undefined {
  if (Buffer.from(segment.subarray(0, 6)).toString("latin1") !== "Exif\0\0") return undefined;
  const tiff = new DataView(segment.buffer, segment.byteOffset + 6, segment.byteLength - 6);
  if (tiff.byteLength < 8) return undefined;
  const order = tiff.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return undefined;
  const little = order === 0x4949;
  const ifd = tiff.getUint32(4, little);
  if (ifd + 2 > tiff.byteLength) return undefined;
  const count = tiff.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.byteLength) return undefined;
    if (tiff.getUint16(entry, little) !== 0x0112) continue;
    const value = tiff.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? value : undefined;
  }
  return undefined;
}
