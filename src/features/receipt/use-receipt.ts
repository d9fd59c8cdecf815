import { useCallback, useEffect, useState } from "react";
import { ApiError, apiRequest } from "../../lib/api-client";
import { useOnline } from "../../lib/use-online";
import type { SubmissionReceipt } from "../../shared/api-types";
import { readReceipt, type StoredReceipt, saveReceipt } from "./receipt-store";

/** While a document is converting, the receipt is asked again this often (online). */
export const RECEIPT_REFRESH_MS = 10_000;

/**
 * What to show: `fresh` from the server; `stored` from the device, with why it is not fresh
 * (offline, or the server's trouble or refusal, in its words); `none` when there is neither.
 */
export type ReceiptState =
  | { phase: "loading" }
  | { phase: "fresh"; receipt: SubmissionReceipt }
  | { phase: "stored"; stored: StoredReceipt; problem: Problem }
  | { phase: "none"; problem: Problem };

export type Problem = { kind: "offline" } | { kind: "server"; message: string };

const converting = (receipt: SubmissionReceipt) =>
  receipt.documents.some(
    (document) => document.status === "UNPROCESSED" || document.status === "IN_PROGRESS",
  );

function problemOf(error: unknown): Problem {
  if (error instanceof ApiError && error.kind === "network" && !navigator.onLine) return { kind: "offline" };
  return { kind: "server", message: error instanceof Error ? error.message : String(error) };
}

/** The receipt of `owner`: from the server when it can be reached (and kept), else the device's copy. */
export function useReceipt(owner: string): ReceiptState {
  const online = useOnline();
  const [state, setState] = useState<ReceiptState>({ phase: "loading" });

  const refresh = useCallback(async () => {
    try {
      const receipt = await apiRequest<SubmissionReceipt>("GET", "/api/receipt");
      setState({ phase: "fresh", receipt });
      await saveReceipt(owner, receipt, Date.now());
    } catch (error) {
      const stored = await readReceipt(owner);
      const problem = problemOf(error);
      setState(stored ? { phase: "stored", stored, problem } : { phase: "none", problem });
    }
  }, [owner]);

  // Asked on opening and whenever the connection returns; offline, the device's copy at once.
  useEffect(() => {
    if (online) {
      void refresh();
      return;
    }
    void readReceipt(owner).then((stored) =>
      setState(
        stored
          ? { phase: "stored", stored, problem: { kind: "offline" } }
          : { phase: "none", problem: { kind: "offline" } },
      ),
    );
  }, [online, owner, refresh]);

  // Documents still converting: asked again until they are done.
  const polling = state.phase === "fresh" && converting(state.receipt);
  useEffect(() => {
    if (!polling || !online) return;
    const timer = setInterval(() => void refresh(), RECEIPT_REFRESH_MS);
    return () => clearInterval(timer);
  }, [polling, online, refresh]);

  return state;
}
