import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhook } from "../../docs/examples/verify-webhook.mjs";

// A real webhook receiver on 127.0.0.1 for the webhook tests: it checks each delivery's signature
// with the README's own snippet (docs/examples/verify-webhook.mjs), as a CRM would, and answers
// 204 when it verifies, 401 when it does not; it can be down (not listening) for a while.

export type Received = { headers: IncomingHttpHeaders; body: string; verified: boolean };

export type Receiver = {
  url: string;
  received: Received[];
  /** Stops listening (deliveries find no one) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

export async function startReceiver(secret: string): Promise<Receiver> {
  const received: Received[] = [];
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const listening = createServer((request, response) => {
        let body = "";
        request.setEncoding("utf8");
        request.on("data", (chunk) => {
          body += chunk;
        });
        request.on("end", () => {
          const verified = verifyWebhook(
            secret,
            request.headers["webhook-signature"] as string | undefined,
            body,
          );
          received.push({ headers: request.headers, body, verified });
          response.writeHead(verified ? 204 : 401).end();
        });
      });
      server = listening;
      listening.once("error", reject);
      listening.listen(port, "127.0.0.1", () => {
        port = (listening.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
      server = undefined;
    });
  await listen();
  return {
    url: `http://127.0.0.1:${port}/hooks/admissions`,
    received,
    down: stop,
    up: listen,
    close: stop,
  };
}
