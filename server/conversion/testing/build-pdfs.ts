// Test inputs: PDFs with text, PDFs carrying active content, a really encrypted PDF (the standard
// security handler, RC4 40-bit, empty user password: it opens without a password, as many
// "protected" transcripts do), and broken ones.
import { createHash } from "node:crypto";
import { PDFDocument, PDFName, PDFString, StandardFonts } from "pdf-lib";

export async function textPdf(pages: string[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([612, 792]);
    lines.forEach((line, i) => {
      page.drawText(line, { x: 54, y: 730 - i * 14, size: 10, font });
    });
  }
  return pdf.save();
}

/** A one-page PDF that runs JavaScript on open, launches a program from a link, and carries a file. */
export async function activePdf(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText(text, { x: 54, y: 700, size: 14, font });
  const context = pdf.context;
  const script = context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of("app.alert('opened')") });
  pdf.catalog.set(PDFName.of("OpenAction"), context.register(script));
  pdf.catalog.set(
    PDFName.of("Names"),
    context.obj({ JavaScript: context.obj({ Names: [PDFString.of("init"), context.register(script)] }) }),
  );
  page.node.set(PDFName.of("AA"), context.obj({ O: context.register(script) }));
  const launch = context.obj({ S: "Launch", F: PDFString.of("/bin/sh") });
  const link = context.obj({
    Type: "Annot",
    Subtype: "Link",
    Rect: [54, 650, 300, 670],
    A: launch,
  });
  page.node.set(PDFName.of("Annots"), context.obj([context.register(link)]));
  await pdf.attach(Buffer.from("secret attachment"), "attachment.txt", { mimeType: "text/plain" });
  return pdf.save({ useObjectStreams: false });
}

/** A PDF cut off halfway, as an interrupted download leaves it. */
export function truncated(pdf: Uint8Array): Uint8Array {
  return pdf.subarray(0, Math.floor(pdf.byteLength / 2));
}

const PASSWORD_PADDING = Buffer.from(
  "28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A",
  "hex",
);

/** A one-page PDF encrypted with the standard security handler, revision 2 (PDF 32000-1, 7.6.3). */
export function encryptedPdf(text: string, ownerPassword = "owner"): Uint8Array {
  const id = createHash("md5").update(text).digest();
  const permissions = -4;
  const ownerKey = md5(pad(ownerPassword)).subarray(0, 5);
  const owner = rc4(ownerKey, pad(""));
  const permissionBytes = Buffer.alloc(4);
  permissionBytes.writeInt32LE(permissions);
  const fileKey = md5(Buffer.concat([pad(""), owner, permissionBytes, id])).subarray(0, 5);
  const user = rc4(fileKey, PASSWORD_PADDING);

  const content = Buffer.from(`BT /F1 24 Tf 72 700 Td (${text}) Tj ET`, "latin1");
  const encryptedContent = rc4(objectKey(fileKey, 5), content);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    Buffer.concat([
      Buffer.from(`<< /Length ${encryptedContent.byteLength} >>\nstream\n`, "latin1"),
      encryptedContent,
      Buffer.from("\nendstream", "latin1"),
    ]),
    `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString("hex")}> /U <${user.toString("hex")}> /P ${permissions} >>`,
  ];
  return writeRawPdf(
    objects,
    `/Root 1 0 R /Encrypt 6 0 R /ID [<${id.toString("hex")}> <${id.toString("hex")}>]`,
  );
}

/** Writes objects 1…n with a correct cross-reference table. */
export function writeRawPdf(objects: (string | Buffer)[], trailer: string): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let length = parts[0]?.byteLength ?? 0;
  objects.forEach((object, i) => {
    offsets.push(length);
    const body = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      typeof object === "string" ? Buffer.from(object, "latin1") : object,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(body);
    length += body.byteLength;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} ${trailer} >>`,
    "startxref",
    String(length),
    "%%EOF",
    "",
  ].join("\n");
  parts.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(parts);
}

function pad(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, "latin1"), PASSWORD_PADDING]).subarray(0, 32);
}

function md5(data: Buffer): Buffer {
  return createHash("md5").update(data).digest();
}

function objectKey(fileKey: Buffer, objectNumber: number): Buffer {
  const suffix = Buffer.from([objectNumber & 0xff, (objectNumber >> 8) & 0xff, objectNumber >> 16, 0, 0]);
  return md5(Buffer.concat([fileKey, suffix])).subarray(0, Math.min(fileKey.byteLength + 5, 16));
}

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + (s[i] as number) + (key[i % key.byteLength] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = Buffer.alloc(data.byteLength);
  for (let n = 0, i = 0, j = 0; n < data.byteLength; n++) {
    i = (i + 1) & 255;
    j = (j + (s[i] as number)) & 255;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
    out[n] = (data[n] as number) ^ (s[((s[i] as number) + (s[j] as number)) & 255] as number);
  }
  return out;
}
