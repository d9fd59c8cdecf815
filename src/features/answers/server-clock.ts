// Edit times are compared across devices, so they are stamped on the server's clock: the client
// estimates its offset from the `server_time` the server reports.

export class ServerClock {
  private offsetMs = 0;
  private last = 0;

  constructor(private readonly localNow: () => number = Date.now) {}

  /** A response sent at `sentAt` and received at `receivedAt` (local clock) said it was `serverTime`. */
  observe(serverTime: number, sentAt: number, receivedAt: number): void {
    this.offsetMs = serverTime - (sentAt + receivedAt) / 2;
  }

  /** Server time now, strictly increasing across calls, so two edits in one tab never tie. */
  now(): number {
    this.last = Math.max(Math.round(this.localNow() + this.offsetMs), this.last + 1);
    return this.last;
  }
}
