import { classifyFailure } from "../../lib/failure";
import type { DocumentConversionState } from "../../shared/api-types";
import { CONVERSION_POLL_MS } from "../../shared/document-rules";

/** A poll with no answer this long counts as one that got no answer at all. */
export const POLL_TIMEOUT_MS = 20_000;
/** Polls in a row that got no answer while online before the conversion is given up (FAILED). */
export const MAX_UNANSWERED_POLLS = 3;

/**
 * A conversion as this tab last learnt it, with when its link (if any) was given. `pollFailed`: the
 * FAILED is this tab's (a poll that failed, spec §4), not the server's word about the conversion.
 */
export type ConversionState = DocumentConversionState & { receivedAt: number; pollFailed?: boolean };

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
 * Spec §4 "a polling failure sets FAILED", as failure-policy.ts reads it: a server problem or a
 * refusal sets FAILED with the server's message (or the catalogue's); polls that get no answer
 * while online (POLL_TIMEOUT_MS each) set it after MAX_UNANSWERED_POLLS; offline the last known
 * status stays and the poller asks again once the browser is back online; a busy server is asked
 * again after its Retry-After. So no field converts for ever. A 401 stops it: the session-lost
 * redirect takes over.
 */
export class ConversionPoller {
  private watchers = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: AbortController | undefined;
  private state: ConversionState | undefined;
  private unanswered = 0;
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
    let againIn: number | null = null;
    try {
      const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(POLL_TIMEOUT_MS)]);
      const answer = await this.fetchStatus(this.key, signal);
      this.unanswered = 0;
      next = { ...answer, receivedAt: this.options.now() };
      if (isConverting(answer.status)) againIn = this.options.intervalMs;
    } catch (error) {
      if (controller.signal.aborted) return this.state;
      const failure = classifyFailure(error);
      if (failure.class === "signed-out") return this.state;
      if (failure.class === "server-busy") {
        againIn = Math.max(this.options.intervalMs, failure.retryAfterMs ?? 0);
      } else if (failure.class === "no-connection" && !this.options.isOnline()) {
        // Asked again on the online event.
      } else if (failure.class === "no-connection" && ++this.unanswered < MAX_UNANSWERED_POLLS) {
        againIn = this.options.intervalMs;
      } else {
        this.unanswered = 0;
        next = {
          status: "FAILED",
          message: failure.message,
          url: null,
          receivedAt: this.options.now(),
          pollFailed: true,
        };
      }
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
    if (next) this.update(next);
    if (againIn !== null && this.watchers > 0) {
      this.timer = setTimeout(() => void this.poll(), againIn);
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
