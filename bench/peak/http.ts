// The crowd's HTTP (bench/peak.ts): each simulated applicant is a browser with its own keep-alive
// connections, reaching the API processes through what a load balancer does: a request goes to the
// next live process; a process that refuses or drops a connection is left out for a second and
// the request goes to another (a killed process's in-flight requests fail, as a browser's would).
import http from "node:http";

export type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** No answer: the connection was refused, dropped or timed out. Worth sending again. */
export class NoAnswer extends Error {}

/** What a browser gives up after (the client's SEND_TIMEOUT_MS): then it sends again. */
const TIMEOUT_MS = 30_000;
/** How long a process that failed a connection is left out. */
const LEFT_OUT_MS = 1_000;

export class Servers {
  private next = 0;
  private readonly leftOutUntil = new Map<number, number>();

  constructor(readonly ports: readonly number[]) {}

  /** The next process in turn that is not left out (any, if all are). */
  pick(): number {
    const now = performance.now();
    for (let i = 0; i < this.ports.length; i++) {
      const port = this.ports[this.next++ % this.ports.length] as number;
      if ((this.leftOutUntil.get(port) ?? 0) <= now) return port;
    }
    return this.ports[this.next++ % this.ports.length] as number;
  }

  leaveOut(port: number): void {
    this.leftOutUntil.set(port, performance.now() + LEFT_OUT_MS);
  }
}

/** One applicant's browser: its cookies and its connections. */
export class Browser {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  cookie = "";

  constructor(private readonly servers: Servers) {}

  /**
   * One request to a live process; NoAnswer when nothing answered. A connection refused before
   * anything was sent is tried once on another process at once, as a balancer does.
   */
  async send(
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: Buffer | string } = {},
  ): Promise<Reply> {
    const port = this.servers.pick();
    try {
      return await this.once(port, method, path, options);
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      this.servers.leaveOut(port);
      if (!/ECONNREFUSED/.test(error.message)) throw error;
      return this.once(this.servers.pick(), method, path, options);
    }
  }

  private once(
    port: number,
    method: string,
    path: string,
    { headers = {}, body }: { headers?: Record<string, string>; body?: Buffer | string },
  ): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          method,
          path,
          agent: this.agent,
          headers: {
            ...(this.cookie ? { Cookie: this.cookie } : {}),
            ...(body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) }),
            ...headers,
          },
          timeout: TIMEOUT_MS,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString(),
            }),
          );
          response.on("error", (error) => reject(new NoAnswer(error.message)));
        },
      );
      request.on("timeout", () => request.destroy(new Error("timed out")));
      request.on("error", (error) =>
        reject(new NoAnswer(`${(error as { code?: string }).code ?? error.message}`)),
      );
      request.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A multipart/form-data body: the fields in order, then the file as `file` (spec §7 upload). */
export function multipart(
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer },
): { body: Buffer; contentType: string } {
  const boundary = `----peak${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
