import net from "node:net";

// Requests written on a real socket, for what app.inject cannot show: Node's HTTP parser and its
// timeouts act on the connection, before Fastify has a request.

export type RawAnswer = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The whole answer as received (status line, headers, body). */
  text: string;
};

/** Parses an HTTP/1.1 answer as received on a socket; null when nothing (or no status line) came. */
export function parseAnswer(text: string): RawAnswer | null {
  const match = /^HTTP\/1\.1 (\d{3})[^\r\n]*\r\n/.exec(text);
  if (!match) return null;
  const end = text.indexOf("\r\n\r\n");
  const head = text.slice(match[0].length, end < 0 ? undefined : end);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(match[1]), headers, body: end < 0 ? "" : text.slice(end + 4), text };
}

/** What a connection received until it closed, and how it ended. */
export type Exchange = { received: string; error?: string };

/**
 * Opens a connection to 127.0.0.1:`port`, hands it to `talk` (which writes), and resolves once the
 * server has closed it, with everything received. The server may reset it: that is recorded, not
 * thrown.
 */
export function exchange(port: number, talk: (socket: net.Socket) => void): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    let error: string | undefined;
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", (failure: NodeJS.ErrnoException) => {
      error = failure.code ?? failure.message;
    });
    socket.on("close", () => resolve({ received, error }));
    socket.on("connect", () => talk(socket));
  });
}

/** Sends `request` as is and waits for the server to answer and close the connection. */
export async function rawRequest(port: number, request: string): Promise<RawAnswer> {
  const { received, error } = await exchange(port, (socket) => socket.write(request));
  const answer = parseAnswer(received);
  if (!answer) throw new Error(`no HTTP answer (${error ?? "closed"}): ${JSON.stringify(received)}`);
  return answer;
}
