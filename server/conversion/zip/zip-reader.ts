// A strict reader for the zip archives a .docx is made of. It refuses before inflating anything
// that is too big by its own headers (entry count, declared sizes, ratio), then inflates every
// entry with a hard output cap, so an archive whose headers lie cannot inflate past the cap
// either. Names that could escape a folder (zip-slip) are refused, as are encryption, zip64,
// multi-disk archives and anything inconsistent (CRC, sizes, local vs central names).
import { crc32, inflateRawSync } from "node:zlib";

export type ZipLimits = {
  maxEntries: number;
  /** Sum of every entry's inflated size. */
  maxTotalBytes: number;
  /** Inflated bytes per byte of archive. */
  maxRatio: number;
};

export const DOCX_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1_000,
  maxTotalBytes: 50 * 1024 * 1024,
  maxRatio: 100,
};

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  crc32: number;
  /** The entry's bytes as stored in the archive (compressed when method is 8). */
  raw: Uint8Array;
  /** The inflated content. */
  data: Uint8Array;
};

export type ZipProblem = "not-a-zip" | "broken" | "encrypted" | "bomb" | "unsafe-name";

export class ZipRefused extends Error {
  constructor(
    readonly problem: ZipProblem,
    detail: string,
  ) {
    super(`${problem}: ${detail}`);
    this.name = "ZipRefused";
  }
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const MAX_COMMENT = 0xffff;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_UTF8 = 0x0800;

type CentralEntry = {
  name: string;
  nameBytes: Uint8Array;
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

export function readZip(bytes: Uint8Array, limits: ZipLimits = DOCX_ZIP_LIMITS): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readCentralDirectory(bytes, view, limits);
  checkDeclaredSizes(entries, bytes.byteLength, limits);
  return entries.map((entry) => readEntry(bytes, view, entry));
}

function readCentralDirectory(bytes: Uint8Array, view: DataView, limits: ZipLimits): CentralEntry[] {
  const end = findEndOfCentralDirectory(view);
  const disk = view.getUint16(end + 4, true);
  const directoryDisk = view.getUint16(end + 6, true);
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (disk !== 0 || directoryDisk !== 0) throw new ZipRefused("broken", "multi-disk archive");
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipRefused("broken", "zip64 archive");
  if (count > limits.maxEntries) throw new ZipRefused("bomb", `${count} entries`);
  if (directoryOffset + directorySize !== end) throw new ZipRefused("broken", "central directory misplaced");

  const entries: CentralEntry[] = [];
  const seen = new Set<string>();
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL_FILE_HEADER) {
      throw new ZipRefused("broken", "bad central directory entry");
    }
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > end) throw new ZipRefused("broken", "central directory entry overruns");
    const flags = view.getUint16(at + 8, true);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const name = decodeName(nameBytes, flags);
    checkEntryName(name);
    const folded = name.toLowerCase();
    if (seen.has(folded)) throw new ZipRefused("unsafe-name", `duplicate entry ${JSON.stringify(name)}`);
    seen.add(folded);
    entries.push({
      name,
      nameBytes,
      flags,
      method: view.getUint16(at + 10, true),
      crc32: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at = next;
  }
  if (at !== end) throw new ZipRefused("broken", "central directory size mismatch");
  return entries;
}

function findEndOfCentralDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - MAX_COMMENT);
  for (let at = view.byteLength - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new ZipRefused("not-a-zip", "no end of central directory");
}

/**
 * Refuses names that could land outside a folder they were extracted to, or that mean different
 * things to different readers: absolute paths, drive letters, backslashes, `.`/`..` segments,
 * empty segments, control characters.
 */
export function checkEntryName(name: string): void {
  const unsafe =
    name.length === 0 ||
    name.startsWith("/") ||
    /^[a-zA-Z]:/.test(name) ||
    name.includes("\\") ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
    /[\u0000-\u001f\u007f]/.test(name) ||
    name
      .replace(/\/$/, "")
      .split("/")
      .some((segment) => segment === "" || segment === "." || segment === "..");
  if (unsafe) throw new ZipRefused("unsafe-name", `entry name ${JSON.stringify(name)}`);
}

function decodeName(nameBytes: Uint8Array, flags: number): string {
  if (flags & FLAG_UTF8) {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(nameBytes);
    } catch {
      throw new ZipRefused("unsafe-name", "entry name is not UTF-8");
    }
  }
  // Code page 437 for the bytes that matter here (ASCII); anything else only has to stay distinct.
  return Buffer.from(nameBytes).toString("latin1");
}

function checkDeclaredSizes(entries: CentralEntry[], archiveBytes: number, limits: ZipLimits): void {
  let total = 0;
  for (const entry of entries) {
    if (entry.flags & FLAG_ENCRYPTED) throw new ZipRefused("encrypted", entry.name);
    if (entry.method !== 0 && entry.method !== 8) {
      throw new ZipRefused("broken", `compression method ${entry.method}`);
    }
    if (entry.method === 0 && entry.size !== entry.compressedSize) {
      throw new ZipRefused("broken", `stored entry sizes differ: ${entry.name}`);
    }
    total += entry.size;
  }
  if (total > limits.maxTotalBytes) throw new ZipRefused("bomb", `${total} bytes declared`);
  if (total > archiveBytes * limits.maxRatio) throw new ZipRefused("bomb", `ratio ${total / archiveBytes}`);
}

function readEntry(bytes: Uint8Array, view: DataView, entry: CentralEntry): ZipEntry {
  const at = entry.localOffset;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== LOCAL_FILE_HEADER) {
    throw new ZipRefused("broken", `missing local header: ${entry.name}`);
  }
  const nameLength = view.getUint16(at + 26, true);
  const extraLength = view.getUint16(at + 28, true);
  const localName = bytes.subarray(at + 30, at + 30 + nameLength);
  if (Buffer.compare(localName, entry.nameBytes) !== 0) {
    throw new ZipRefused("unsafe-name", `local name differs from central name: ${entry.name}`);
  }
  const start = at + 30 + nameLength + extraLength;
  const raw = bytes.subarray(start, start + entry.compressedSize);
  if (raw.byteLength !== entry.compressedSize) throw new ZipRefused("broken", `truncated: ${entry.name}`);

  const data = entry.method === 8 ? inflateCapped(raw, entry) : raw;
  if (data.byteLength !== entry.size) throw new ZipRefused("broken", `size mismatch: ${entry.name}`);
  if (crc32(data) !== entry.crc32) throw new ZipRefused("broken", `CRC mismatch: ${entry.name}`);
  return { name: entry.name, method: entry.method as 0 | 8, crc32: entry.crc32, raw, data };
}

/** Inflates at most the declared size (+1, to notice an entry that inflates to more). */
function inflateCapped(raw: Uint8Array, entry: CentralEntry): Uint8Array {
  try {
    return inflateRawSync(raw, { maxOutputLength: entry.size + 1 });
  } catch (error) {
    const tooLarge = (error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE";
    throw new ZipRefused(tooLarge ? "bomb" : "broken", `cannot inflate ${entry.name}`);
  }
}
