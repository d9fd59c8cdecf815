import { answerStore } from "../answers/answer-session";
import { localDb } from "../answers/local-db";
import { documentsRuntime } from "./documents-runtime";
import type { LeaveTabContext } from "./leave-tab";

/** What leaving a tab, or removing a block, needs of this device's documents. */
export function leaveContext(owner: string): LeaveTabContext {
  return {
    db: localDb(),
    owner,
    isSending: (key) => documentsRuntime.isSending(key),
    askConversion: (key) => documentsRuntime.askConversion(key),
    knownStatus: (key) => documentsRuntime.conversionOf(key)?.status,
    answer: (key) => answerStore.get(key),
    forget: (key) => documentsRuntime.forgetConversion(key),
  };
}
