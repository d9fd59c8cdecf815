import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { STATE_WAIT_MS } from "./test-budgets";

/** A mail as the test SMTP server received it, with its text and HTML parts decoded. */
export type ReceivedMail = {
  /** Envelope recipients, lower-cased. */
  to: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
};

export type TestSmtp = {
  /** `smtp://127.0.0.1:<port>`: pass to createTestApp({ smtpUrl }). */
  url: string;
  /** Every mail received so far, in order. */
  received: ReceivedMail[];
  /** Every mail received so far for this address. */
  mailsTo(address: string): ReceivedMail[];
  /**
   * The next mail to this address not returned before; waits for it to arrive (servers send mail
   * after answering). `timeoutMs` only bounds a failing wait, so that it fails with a clear message.
   */
  nextMailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/** A real SMTP server on 127.0.0.1 (any free port, no TLS, no authentication) that keeps every mail. */
export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  /** Waiting nextMailTo calls, told of each arrival. */
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        received.push(parseMail(Buffer.concat(chunks).toString("utf8"), recipients));
        for (const wake of waiting) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const taken = new Set<ReceivedMail>();
  const mailsTo = (address: string) => received.filter((mail) => mail.to.includes(address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo,
    nextMailTo(address, timeoutMs = STATE_WAIT_MS) {
      return new Promise<ReceivedMail>((resolve, reject) => {
        const take = () => {
          const mail = mailsTo(address).find((m) => !taken.has(m));
          if (!mail) return;
          taken.add(mail);
          clearTimeout(timer);
          waiting.delete(take);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiting.delete(take);
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(take);
        take();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code in a confirmation mail's text. */
export function codeIn(mail: ReceivedMail): string {
  const match = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): URL {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting ${prefix} in mail "${mail.subject}":\n${mail.text}`);
  return new URL(link);
}

// A minimal MIME reader: enough for nodemailer's text + HTML (multipart/alternative) mails.

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const index = part.search(/\r?\n\r?\n/);
  const head = index < 0 ? part : part.slice(0, index);
  const body = index < 0 ? "" : part.slice(index).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable": {
      const bytes = body
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    }
    default:
      return body;
  }
}

function parseMail(raw: string, to: string[]): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const parts: { type: string; content: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get("content-type") ?? "")?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const part = splitHeaders(chunk.replace(/^\r?\n/, ""));
      const content = decodeBody(part.body, part.headers.get("content-transfer-encoding"));
      parts.push({ type: part.headers.get("content-type") ?? "", content });
    }
  } else {
    const content = decodeBody(body, headers.get("content-transfer-encoding"));
    parts.push({ type: headers.get("content-type") ?? "text/plain", content });
  }
  const ofType = (type: string) => parts.find((p) => p.type.startsWith(type))?.content ?? "";
  return {
    to,
    headers,
    subject: decodeEncodedWords(headers.get("subject") ?? ""),
    text: ofType("text/plain"),
    html: ofType("text/html"),
    raw,
  };
}

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`: a Spanish subject) decoded. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) => {
      if (encoding.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
      const bytes = text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => `%${hex}`);
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
    });
}
