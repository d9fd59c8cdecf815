import { ApiError } from "../../../lib/api-client";
import type { PresignedUpload } from "../../../shared/api-types";
import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from "../../../shared/messages";

/**
 * What became of a post to the store: `stored`; `refused` (the store said why: e.g. the policy
 * expired, or the file is too large); `unknown` (a cross-origin store answers no-cors, opaquely:
 * the next call, recording the document, says whether the file arrived).
 */
export type StoreOutcome = { kind: "stored" } | { kind: "unknown" } | { kind: "refused"; message: string };

export type StoreProgress = (sent: number, total: number) => void;

/**
 * A post to our store that makes no progress for this long (no byte sent, or no answer once all
 * were) is given up, as having had no answer, and the upload worker tries again with its backoff.
 * Its connection may be dead without the browser knowing: a phone that moved to another network
 * goes on sending on the old one for many minutes (issue 33's network test). The same bound as an
 * answer's send (SEND_TIMEOUT_MS, http-transport.ts); a slow link still makes progress.
 */
export const STALL_TIMEOUT_MS = 30_000;

/**
 * Spec §7 `POST {returned url}`: a multipart form with every field of the signed policy, unchanged,
 * and the file last as `file`. Our own store (`/files/upload`) is on this origin, so the upload is
 * sent with XMLHttpRequest, whose progress events count the bytes sent and whose status we can
 * read; a post that makes no progress for STALL_TIMEOUT_MS is given up as unanswered. A bucket on another origin is posted no-cors with fetch (upload listeners on a cross-origin
 * XMLHttpRequest would need CORS), without progress. Throws ApiError("network") when nothing
 * answered, ApiError("server") for a 5xx, and an AbortError when `signal` aborts it.
 */
export function storeUpload(
  upload: PresignedUpload,
  file: Blob,
  fileName: string,
  options: { onProgress?: StoreProgress; signal?: AbortSignal } = {},
): Promise<StoreOutcome> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append("file", file, fileName);
  const target = new URL(upload.url, window.location.href);
  return target.origin === window.location.origin
    ? postWithProgress(target.href, form, file.size, options)
    : postNoCors(target.href, form, options.signal);
}

async function postNoCors(url: string, body: FormData, signal?: AbortSignal): Promise<StoreOutcome> {
  try {
    await fetch(url, { method: "POST", mode: "no-cors", body, signal, credentials: "omit" });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError("network", NETWORK_ERROR_MESSAGE);
  }
  return { kind: "unknown" };
}

function postWithProgress(
  url: string,
  body: FormData,
  size: number,
  { onProgress, signal }: { onProgress?: StoreProgress; signal?: AbortSignal },
): Promise<StoreOutcome> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    if (signal?.aborted) {
      reject(new DOMException("The upload was cancelled.", "AbortError"));
      return;
    }
    signal?.addEventListener("abort", abort, { once: true });
    let stalled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const progressed = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = true;
        request.abort();
      }, STALL_TIMEOUT_MS);
    };
    const settle = () => {
      clearTimeout(watchdog);
      signal?.removeEventListener("abort", abort);
    };
    request.open("POST", url);
    request.responseType = "text";
    // The multipart body is a little larger than the file: progress is reported against the file.
    request.upload.onprogress = (event) => {
      progressed();
      onProgress?.(Math.min(event.loaded, size), size);
    };
    // Every byte sent: the answer has as long again to come.
    request.upload.onload = progressed;
    request.onload = () => {
      settle();
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(size, size);
        resolve({ kind: "stored" });
      } else if (request.status >= 500 || request.status === 429) {
        reject(new ApiError("server", GENERIC_ERROR_MESSAGE, request.status));
      } else {
        resolve({ kind: "refused", message: messageOf(request.responseText) });
      }
    };
    request.onerror = () => {
      settle();
      reject(new ApiError("network", NETWORK_ERROR_MESSAGE));
    };
    request.onabort = () => {
      settle();
      reject(
        stalled
          ? new ApiError("network", NETWORK_ERROR_MESSAGE)
          : new DOMException("The upload was cancelled.", "AbortError"),
      );
    };
    request.send(body);
    progressed();
  });
}

function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === "string") return body.message;
  } catch {
    // S3 answers XML; our store answers JSON. Either way the applicant gets a sentence.
  }
  return GENERIC_ERROR_MESSAGE;
}
