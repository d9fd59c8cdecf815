import os from "node:os";
import { giveUpWebhook, runDeliverWebhook, type WebhookDependencies } from "../webhooks/deliver-webhook";
import { type ConversionDependencies, giveUpConversion, runConvertDocument } from "./convert-document";
import {
  CONVERT_DOCUMENT,
  CONVERT_DOCUMENT_GIVEN_UP,
  type ConvertDocumentPayload,
  DELIVER_WEBHOOK,
  DELIVER_WEBHOOK_GIVEN_UP,
  type DeliverWebhookPayload,
  type JobQueue,
  RENDER_APPLICATION_PDF,
  RENDER_APPLICATION_PDF_GIVEN_UP,
  type RenderApplicationPdfPayload,
} from "./job-queue";
import {
  type ApplicationPdfDependencies,
  giveUpApplicationPdf,
  runRenderApplicationPdf,
} from "./render-application-pdf";

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

/**
 * Application PDF jobs (decision 0013) in this process, `concurrency` at a time: they print in the
 * process's one Chromium, beside the DOCX fallback's conversions.
 */
export async function startApplicationPdfWorkers(
  queue: JobQueue,
  dependencies: Omit<ApplicationPdfDependencies, "timeoutMs">,
  concurrency = defaultConversionConcurrency(),
): Promise<void> {
  const deps: ApplicationPdfDependencies = {
    ...dependencies,
    timeoutMs: queue.applicationPdfPolicy.timeoutMs,
  };
  await queue.work<RenderApplicationPdfPayload>(RENDER_APPLICATION_PDF, concurrency, (job) =>
    runRenderApplicationPdf(deps, {
      payload: job.data,
      attempt: job.retryCount + 1,
      lastAttempt: job.retryCount >= job.retryLimit,
    }),
  );
  await queue.work<RenderApplicationPdfPayload>(RENDER_APPLICATION_PDF_GIVEN_UP, 1, (job) =>
    giveUpApplicationPdf(deps, job.data),
  );
}

/** Webhooks delivered at once by one process (each waits on a receiver, not on this machine). */
const WEBHOOK_CONCURRENCY = 4;

/**
 * Webhook deliveries (decision 0022) in this process. Started wherever jobs run and a webhook is
 * configured; they need neither Chromium nor LibreOffice, so they start before the engines warm up.
 */
export async function startWebhookWorkers(
  queue: JobQueue,
  dependencies: Omit<WebhookDependencies, "timeoutMs">,
): Promise<void> {
  const deps: WebhookDependencies = { ...dependencies, timeoutMs: queue.webhookPolicy.timeoutMs };
  await queue.work<DeliverWebhookPayload>(DELIVER_WEBHOOK, WEBHOOK_CONCURRENCY, (job) =>
    runDeliverWebhook(deps, { payload: job.data, lastAttempt: job.retryCount >= job.retryLimit }),
  );
  await queue.work<DeliverWebhookPayload>(DELIVER_WEBHOOK_GIVEN_UP, 1, (job) =>
    giveUpWebhook(deps, job.data),
  );
}
