import type { Route } from "playwright-core";

// Content-hashed files of our own origin (the built client's `/assets/*`, served `immutable`), kept
// in the printer's memory after their first fetch. Each print job has a fresh browser context with
// an empty HTTP cache, so without this every print of the service view would fetch and decompress
// the whole client again. Only public build files qualify: a response is kept only when it says
// `immutable` (never a personal one, which says `no-store`), and only GETs without a body.

type Kept = { status: number; contentType: string; cacheControl: string; body: Buffer };

/** Enough for the client's assets several times over; past it the oldest go first. */
const DEFAULT_BUDGET_BYTES = 32 * 1024 * 1024;

export class ImmutableAssets {
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;

  constructor(private readonly budgetBytes = DEFAULT_BUDGET_BYTES) {}

  /** How many responses are held (tests and logs). */
  get size(): number {
    return this.kept.size;
  }

  /** Answers `route` from memory when it can, else lets it through and keeps an immutable answer. */
  async serve(route: Route): Promise<void> {
    try {
      await this.answer(route);
    } catch {
      // Nothing answered (the origin is down), or the job's page closed meanwhile: the request
      // fails, as it would without us.
      await route.abort("failed").catch(() => undefined);
    }
  }

  private async answer(route: Route): Promise<void> {
    const request = route.request();
    if (request.method() !== "GET") return route.continue();
    const url = request.url();
    const hit = this.kept.get(url);
    if (hit) return route.fulfill(this.fulfilment(hit));
    const response = await route.fetch();
    const headers = response.headers();
    const cacheControl = headers["cache-control"] ?? "";
    const body = await response.body();
    if (
      response.status() === 200 &&
      /\bimmutable\b/.test(cacheControl) &&
      !/\bno-store\b/.test(cacheControl)
    ) {
      this.keep(url, {
        status: 200,
        contentType: headers["content-type"] ?? "application/octet-stream",
        cacheControl,
        body,
      });
    }
    // The fetched body is already decoded: send it without the original content-encoding.
    return route.fulfill({ response, body, headers: withoutEncoding(headers) });
  }

  private fulfilment(kept: Kept) {
    return {
      status: kept.status,
      body: kept.body,
      headers: { "content-type": kept.contentType, "cache-control": kept.cacheControl },
    };
  }

  private keep(url: string, entry: Kept): void {
    if (entry.body.length > this.budgetBytes) return;
    this.kept.set(url, entry);
    this.bytes += entry.body.length;
    for (const [oldest, value] of this.kept) {
      if (this.bytes <= this.budgetBytes) break;
      this.kept.delete(oldest);
      this.bytes -= value.body.length;
    }
  }
}

/** The headers to send with a decoded body: without its encoding, length and connection's own. */
function withoutEncoding(headers: Record<string, string>): Record<string, string> {
  const {
    "content-encoding": _encoding,
    "content-length": _length,
    "transfer-encoding": _transfer,
    connection: _connection,
    "keep-alive": _keepAlive,
    ...rest
  } = headers;
  return rest;
}
