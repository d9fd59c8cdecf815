import os from "node:os";
import { type ConversionDependencies, giveUpConversion, runConvertDocument } from "./convert-document";
import {
  CONVERT_DOCUMENT,
  CONVERT_DOCUMENT_GIVEN_UP,
  type ConvertDocumentPayload,
  type JobQueue,
} from "./job-queue";

// The workers a process runs: in the API process by default, in `npm run worker` processes at
// scale (JOB_WORKERS=false on the API processes). Each job kind is registered here once.

/** Conversions at once in one process: its cores, at most 4 (the engines keep one warm instance per slot). */
export function defaultConversionConcurrency(): number {
  return Math.max(1, Math.min(4, os.availableParallelism()));
}

export async function startWorkers(
  queue: JobQueue,
  conversion: Omit<ConversionDependencies, "timeoutMs">,
  concurrency = defaultConversionConcurrency(),
): Promise<void> {
  const deps: ConversionDependencies = { ...conversion, timeoutMs: queue.conversionPolicy.timeoutMs };
  await queue.work<ConvertDocumentPayload>(CONVERT_DOCUMENT, concurrency, (job) =>
    runConvertDocument(deps, {
      payload: job.data,
      attempt: job.retryCount + 1,
      lastAttempt: job.retryCount >= job.retryLimit,
    }),
  );
  await queue.work<ConvertDocumentPayload>(CONVERT_DOCUMENT_GIVEN_UP, 1, (job) =>
    giveUpConversion(deps, job.data),
  );
}
