import { ApiError } from "../../lib/api-client";
import type { DocumentConversionState } from "../../shared/api-types";
import { CONVERSION_POLL_MS } from "../../shared/document-rules";
import { isServerTrouble } from "../answers/sync-worker";

/** A conversion as this tab last learnt it, with when its link (if any) was given. */
export type ConversionState = DocumentConversionState & { receivedAt: number };

/** Spec §4 document conversion polling: only these statuses are asked about again. */
export function isConverting(status: DocumentConversionState["status"] | undefined): boolean {
  return status === "UNPROCESSED" || status === "IN_PROGRESS";
}

export type PollerOptions = {
  intervalMs?: number;
  now?: () => number;
  isOnline?: () => boolean;
};

/**
 * Asks for one question's conversion status (spec §4) while someone watches it: a file question on
 * screen, or an upload this tab just recorded. The first watcher asks at once; UNPROCESSED and
 * IN_PROGRESS are asked again every 2,000 ms (spec §9); COMPLETED, FAILED and NOT_ANSWERED stop.
 * A refusal by the server (a 4xx other than 401) sets FAILED with its message (spec §4 "a polling
 * failure sets FAILED"). No answer at all, or server trouble, is not the conversion failing: the
 * last known status stays and the poller asks again (offline, once the browser is back online).
 * A 401 stops it: the session-lost redirect takes over.
 */
export class ConversionPoller {
  private watchers = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: AbortController | undefined;
  private state: ConversionState | undefined;
  private readonly options: Required<PollerOptions>;

  constructor(
    private readonly key: string,
    private readonly fetchStatus: (key: string, signal: AbortSignal) => Promise<DocumentConversionState>,
    private readonly changed: (state: ConversionState, previous: ConversionState | undefined) => void,
    options: PollerOptions = {},
  ) {
    this.options = {
      intervalMs: CONVERSION_POLL_MS,
      now: Date.now,
      isOnline: () => typeof navigator === "undefined" || navigator.onLine !== false,
      ...options,
    };
  }

  get current(): ConversionState | undefined {
    return this.state;
  }

  get watched(): boolean {
    return this.watchers > 0;
  }

  /** Starts watching (asking at once for the first watcher); call the result to stop. */
  watch(): () => void {
    this.watchers += 1;
    if (this.watchers === 1) void this.poll();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.watchers -= 1;
      if (this.watchers === 0) this.halt();
    };
  }

  /**
   * Sets what is known without asking (e.g. the 202 of a recorded upload: UNPROCESSED); a watched
   * conversion that is running is then asked about again in 2,000 ms.
   */
  set(state: DocumentConversionState): void {
    this.update({ ...state, receivedAt: this.options.now() });
    if (isConverting(state.status) && this.watchers > 0 && !this.timer && !this.inFlight) {
      this.timer = setTimeout(() => void this.poll(), this.options.intervalMs);
    }
  }

  /** Asks now (the network is back, a fresh link is wanted); resolves with the state then known. */
  async poll(): Promise<ConversionState | undefined> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // Offline the call could only fail: the runtime asks again on the online event.
    if (!this.options.isOnline()) return this.state;
    this.inFlight?.abort();
    const controller = new AbortController();
    this.inFlight = controller;
    let next: ConversionState | undefined;
    let again = false;
    try {
      const answer = await this.fetchStatus(this.key, controller.signal);
      next = { ...answer, receivedAt: this.options.now() };
      again = isConverting(answer.status);
    } catch (error) {
      if (controller.signal.aborted) return this.state;
      if (error instanceof ApiError && error.kind === "unauthorized") return this.state;
      if (isServerTrouble(error)) {
        again = this.options.isOnline();
      } else {
        next = {
          status: "FAILED",
          message: (error as Error).message,
          url: null,
          receivedAt: this.options.now(),
        };
      }
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
    if (next) this.update(next);
    if (again && this.watchers > 0) {
      this.timer = setTimeout(() => void this.poll(), this.options.intervalMs);
    }
    return this.state;
  }

  private update(next: ConversionState): void {
    const previous = this.state;
    this.state = next;
    this.changed(next, previous);
  }

  private halt(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.inFlight?.abort();
    this.inFlight = undefined;
  }
}
