import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

// The pieces of a deployment at scale, for tests/scale: built API processes (`node
// dist/server/main.js`) on one PostgreSQL, and a load balancer in front of them that the test can
// point at one process or another, as a real one does when a process dies.

export type ApiServer = {
  name: string;
  port: number;
  /** Its DATA_DIR: only the mail outbox is there (the data is in PostgreSQL). */
  dataDir: string;
  output: () => string;
  /** Ends the process at once, as a crash or an OOM kill would (SIGKILL), and waits for it. */
  kill: () => Promise<void>;
};

/**
 * Starts a built server and resolves once it listens (its "ready on" line), however long that
 * takes on a busy machine; rejects with its output if it exits first.
 */
export async function startServer(
  name: string,
  port: number,
  env: { databaseUrl: string; publicUrl: string },
): Promise<ApiServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `admissions-scale-${name}-`));
  const child: ChildProcess = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: env.databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_URL: env.publicUrl,
      // As README "Running at scale" has API processes: conversions belong to `npm run worker`.
      JOB_WORKERS: "false",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready on http://")) resolve();
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    void exited.then((code) =>
      reject(new Error(`server ${name} exited (${code}) before it was ready:\n${output}`)),
    );
  });
  let killed = false;
  // A process that dies on its own fails the test that needs it: say why, with its output.
  void exited.then((code) => {
    if (!killed) console.error(`server ${name} exited on its own (${code}):\n${output}`);
  });
  return {
    name,
    port,
    dataDir,
    output: () => output,
    async kill() {
      killed = true;
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One PUT /api/answer as the load balancer saw it. */
export type AnswerExchange = {
  key: string;
  clientId: string;
  seq: number;
  answers: Record<string, string>;
  /** The process that answered. */
  server: string;
  status: number;
  replayed: boolean;
  /** Whether the browser got the answer (false: the process was killed before it could). */
  delivered: boolean;
};

export type Balancer = {
  origin: string;
  /** Sends every later request to `server`. */
  switchTo: (server: ApiServer) => void;
  /**
   * Arms a crash: the next PUT /api/answer goes to the current process, which stores it and
   * answers; before the answer reaches the browser that process is killed (SIGKILL), traffic moves
   * to `successor`, and the browser's connection drops. Resolves with that unacknowledged save.
   */
  crashOnNextSave: (successor: ApiServer) => Promise<AnswerExchange>;
  /** Every save seen, in order. */
  saves: AnswerExchange[];
  close: () => Promise<void>;
};

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/** A same-origin HTTP load balancer on `port` that forwards everything to one server at a time. */
export async function startBalancer(port: number, first: ApiServer): Promise<Balancer> {
  let current = first;
  let crash: { successor: ApiServer; done: (exchange: AnswerExchange) => void } | null = null;
  const saves: AnswerExchange[] = [];

  const balancer = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const target = current;
      const body = Buffer.concat(chunks);
      const isSave = request.method === "PUT" && request.url === "/api/answer";
      const crashing = isSave ? crash : null;
      if (crashing) crash = null;
      // The Host header goes through unchanged: to the server the browser's origin is this one.
      const forward = http.request(
        {
          host: "127.0.0.1",
          port: target.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on("data", (part: Buffer) => parts.push(part));
          answer.on("end", () => {
            const payload = Buffer.concat(parts);
            const exchange = isSave
              ? recordSave(request.headers, body, answer.headers, answer.statusCode, target)
              : null;
            if (exchange && crashing) {
              exchange.delivered = false;
              current = crashing.successor;
              void target.kill().then(() => {
                request.socket.destroy();
                crashing.done(exchange);
              });
              return;
            }
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            response.end(payload);
          });
        },
      );
      forward.on("error", () => {
        if (response.headersSent) return void response.destroy();
        response.writeHead(502, { "content-type": "application/json" });
        response.end(JSON.stringify({ message: "The server is not answering." }));
      });
      forward.end(body);
    });
  });

  function recordSave(
    sent: IncomingHttpHeaders,
    body: Buffer,
    received: IncomingHttpHeaders,
    status: number | undefined,
    server: ApiServer,
  ): AnswerExchange {
    const parsed = JSON.parse(body.toString() || "{}") as { answers?: Record<string, string> };
    const exchange: AnswerExchange = {
      key: one(sent["idempotency-key"]),
      clientId: one(sent["x-client-id"]),
      seq: Number(one(sent["x-client-seq"])),
      answers: parsed.answers ?? {},
      server: server.name,
      status: status ?? 0,
      replayed: one(received["idempotent-replayed"]) === "true",
      delivered: true,
    };
    saves.push(exchange);
    return exchange;
  }

  await new Promise<void>((resolve) => balancer.listen(port, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    switchTo(server) {
      current = server;
    },
    crashOnNextSave(successor) {
      return new Promise((done) => {
        crash = { successor, done };
      });
    },
    saves,
    close: () =>
      new Promise<void>((resolve) => {
        balancer.closeAllConnections();
        balancer.close(() => resolve());
      }),
  };
}
