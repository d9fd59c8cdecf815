// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { STALL_TIMEOUT_MS, storeUpload } from "./store-upload";

/** The browser's XMLHttpRequest as storeUpload uses it, driven by the test. */
class FakeRequest {
  static last: FakeRequest | undefined;
  status = 0;
  responseText = "";
  responseType = "";
  aborted = false;
  readonly upload: { onprogress?: (event: { loaded: number }) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeRequest.last = this;
  }
  open(): void {}
  send(): void {}
  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number): void {
    this.status = status;
    this.onload?.();
  }
}

const UPLOAD = { url: "/files/upload", fields: { key: "applicants/a/uploads/resume_file/x" } };
const file = new Blob([new Uint8Array(1_000)]);
const current = () => FakeRequest.last as FakeRequest;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("XMLHttpRequest", FakeRequest);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a post to our store that stops making progress (issue 33)", () => {
  it("is given up as unanswered after STALL_TIMEOUT_MS without a byte sent, so the worker posts it again", async () => {
    const posted = storeUpload(UPLOAD, file, "cv.pdf");
    const outcome = expect(posted).rejects.toThrow(ApiError);
    current().upload.onprogress?.({ loaded: 400 });
    await vi.advanceTimersByTimeAsync(STALL_TIMEOUT_MS - 1);
    expect(current().aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(current().aborted).toBe(true);
    await outcome;
    await expect(posted).rejects.toMatchObject({ kind: "network" });
  });

  it("waits as long again for the answer once every byte is sent", async () => {
    const posted = storeUpload(UPLOAD, file, "cv.pdf");
    const outcome = expect(posted).rejects.toMatchObject({ kind: "network" });
    await vi.advanceTimersByTimeAsync(STALL_TIMEOUT_MS - 1_000);
    current().upload.onload?.();
    await vi.advanceTimersByTimeAsync(STALL_TIMEOUT_MS - 1);
    expect(current().aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it("keeps a slow post that goes on making progress, however long it takes", async () => {
    const posted = storeUpload(UPLOAD, file, "cv.pdf");
    for (let sent = 100; sent <= 1_000; sent += 100) {
      await vi.advanceTimersByTimeAsync(STALL_TIMEOUT_MS - 1_000);
      current().upload.onprogress?.({ loaded: sent });
    }
    current().upload.onload?.();
    current().answer(204);
    await expect(posted).resolves.toEqual({ kind: "stored" });
    expect(current().aborted).toBe(false);
  });

  it("still says cancelled when the applicant cancels it (not unanswered)", async () => {
    const controller = new AbortController();
    const posted = storeUpload(UPLOAD, file, "cv.pdf", { signal: controller.signal });
    controller.abort();
    await expect(posted).rejects.toMatchObject({ name: "AbortError" });
    // No watchdog is left behind to fire later.
    expect(vi.getTimerCount()).toBe(0);
  });
});
