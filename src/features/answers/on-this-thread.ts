import type { AnswerWrite, AnswerWriter } from "./off-thread-writer";
import { recordAnswer } from "./sync-queue";

/** Stores an answer (and queues it) on the page's own thread, as the worker does on its. */
export const writeOnThisThread: AnswerWrite = async (db, answer, enqueue) => {
  await recordAnswer(db, answer, enqueue);
  return { committedAt: performance.now() };
};

export const onThisThread: AnswerWriter = { write: writeOnThisThread };
