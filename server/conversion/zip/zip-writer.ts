// Writes a plain zip archive (no zip64, no encryption, UTF-8 names): how a sanitised .docx is
// put back together. Entries read by zip-reader (already checked) are copied without recompressing.
import { crc32, deflateRawSync } from "node:zlib";
import type { ZipEntry } from "./zip-reader";

export type ZipInput = { name: string; data: Uint8Array } | ZipEntry;

const FLAG_UTF8 = 0x0800;
/** 1980-01-01 00:00, the earliest DOS date: output does not depend on the clock. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

export function writeZip(inputs: readonly ZipInput[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const input of inputs) {
    const stored = "raw" in input ? input : compress(input.name, input.data);
    const name = Buffer.from(stored.name, "utf8");
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    writeCommon(header, 4, stored, name.byteLength);
    locals.push(header, name, Buffer.from(stored.raw));

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    writeCommon(central, 6, stored, name.byteLength);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += header.byteLength + name.byteLength + stored.raw.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(inputs.length, 8);
  end.writeUInt16LE(inputs.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function compress(name: string, data: Uint8Array): ZipEntry {
  return { name, method: 8, crc32: crc32(data), raw: deflateRawSync(data), data };
}

/** The fields local and central headers share, from "version needed" to the extra length. */
function writeCommon(buffer: Buffer, at: number, entry: ZipEntry, nameLength: number): void {
  buffer.writeUInt16LE(20, at); // version needed to extract: 2.0 (deflate)
  buffer.writeUInt16LE(FLAG_UTF8, at + 2);
  buffer.writeUInt16LE(entry.method, at + 4);
  buffer.writeUInt16LE(0, at + 6); // time
  buffer.writeUInt16LE(DOS_DATE, at + 8);
  buffer.writeUInt32LE(entry.crc32, at + 10);
  buffer.writeUInt32LE(entry.raw.byteLength, at + 14);
  buffer.writeUInt32LE(entry.data.byteLength, at + 18);
  buffer.writeUInt16LE(nameLength, at + 22);
  buffer.writeUInt16LE(0, at + 24); // extra length
}
