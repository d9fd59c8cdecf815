// XML parts of a Word document as text, whatever encoding their byte-order mark announces, so no
// check can be dodged by writing a part in UTF-16.

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The text of an XML part; `null` when the bytes are not XML (an image); `undefined` when they
 * claim to be XML text but do not decode.
 */
export function decodeXml(bytes: Uint8Array): string | null | undefined {
  const encoding = textEncoding(bytes);
  if (!encoding) return null;
  try {
    const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
    // XML forbids NUL: finding one means another encoding (UTF-16 without a mark, UTF-32).
    return text.includes("\u0000") ? undefined : text;
  } catch {
    return undefined;
  }
}

function textEncoding(bytes: Uint8Array): "utf-8" | "utf-16le" | "utf-16be" | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  let at = UTF8_BOM.every((byte, i) => bytes[i] === byte) ? 3 : 0;
  while (at < bytes.length && isXmlSpace(bytes[at] as number)) at++;
  return bytes[at] === 0x3c /* < */ ? "utf-8" : undefined;
}

function isXmlSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/** Back to bytes: always UTF-8 without a byte-order mark, with the declaration saying so. */
export function encodeXml(text: string): Uint8Array {
  return Buffer.from(text.replace(/^(<\?xml[^>]*?encoding=)(["'])[^"']*\2/, "$1$2UTF-8$2"), "utf8");
}
