import { type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import { MAX_STRETCH } from "../busy-machine";
import type { Database, SqlExecutor } from "../db/database";

// The job queue (decision 0009): pg-boss on the application's own database, PGlite embedded or
// PostgreSQL at scale, so a job is queued in the same transaction as the row it works on and any
// process with workers can run it. Queue set-up lives here; each job kind is one file beside it.

export const CONVERT_DOCUMENT = "convert-document";
/** Where pg-boss moves a conversion job whose retries ran out (e.g. its process died mid-run). */
export const CONVERT_DOCUMENT_GIVEN_UP = "convert-document-given-up";

/** The application PDF job (decision 0013): prints the service view, appends the documents. */
export const RENDER_APPLICATION_PDF = "render-application-pdf";
/** Where pg-boss moves an application PDF job whose retries ran out. */
export const RENDER_APPLICATION_PDF_GIVEN_UP = "render-application-pdf-given-up";

/** The webhook delivery job (decision 0022): one POST of one event, retried with backoff. */
export const DELIVER_WEBHOOK = "deliver-webhook";
/** Where pg-boss moves a delivery whose retries ran out without it reporting (its process died). */
export const DELIVER_WEBHOOK_GIVEN_UP = "deliver-webhook-given-up";

/** How a kind of job is retried and timed out. Tests shorten them; deployments keep these. */
export type JobPolicy = {
  /** Retries after the first run (a hung or crashed engine; a refused file is never retried). */
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * Our own time limit on one run; the job fails (and is retried) past it. Conversions and prints
   * stretch it on a busy machine (server/busy-machine.ts).
   */
  timeoutMs: number;
};

/** Conversion jobs' policy (the name predates the other kinds of job). */
export type ConversionJobPolicy = JobPolicy;

export const DEFAULT_CONVERSION_POLICY: ConversionJobPolicy = {
  retryLimit: 2,
  retryDelaySeconds: 2,
  timeoutMs: 60_000,
};

/** A print takes about a second; a run past a minute is hung (Chromium) and is tried again. */
export const DEFAULT_APPLICATION_PDF_POLICY: JobPolicy = {
  retryLimit: 2,
  retryDelaySeconds: 1,
  timeoutMs: 60_000,
};

/**
 * A receiver that is down is tried again after about 10 s, then twice as long each time (pg-boss's
 * backoff: 10–20 s, 20–40 s, … with jitter), 12 times: the last try comes 11 to 23 hours after the
 * first. One attempt waits at most 10 s for an answer.
 */
export const DEFAULT_WEBHOOK_POLICY: JobPolicy = {
  retryLimit: 12,
  retryDelaySeconds: 10,
  timeoutMs: 10_000,
};

export type ConvertDocumentPayload = { conversionId: string };
export type DeliverWebhookPayload = { deliveryId: string };
export type RenderApplicationPdfPayload = { pdfId: string };

/** PostgreSQL's SQLSTATE for "deadlock detected": the transaction was rolled back. */
const DEADLOCK_DETECTED = "40P01";

/**
 * pg-boss's own limit on a run, past ours: a run still going then (its process died) is failed by
 * pg-boss itself and tried again. Conversions and prints stretch our limit on a busy machine
 * (server/busy-machine.ts), so theirs allows for the most it stretches to: pg-boss must never try
 * again a run that ours still lets go on.
 */
function expireSeconds(policy: JobPolicy, stretch = MAX_STRETCH): number {
  return Math.ceil((policy.timeoutMs * stretch) / 1000) + 30;
}

/**
 * A parameterised statement as drizzle SQL, so pg-boss can insert a job inside one of our
 * transactions. pg-boss numbers its parameters `$1…$n` (a number may repeat); its job insert has no
 * `$` inside string literals.
 */
function statementAsSql(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)),
  );
}

function transactionExecutor(tx: Database): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = (await tx.execute(statementAsSql(text, values))) as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}

export type JobWorkerHandler<T> = (job: PgBoss.JobWithMetadata<T>) => Promise<void>;

type Registration = { queue: string; concurrency: number; handler: JobWorkerHandler<object> };

export class JobQueue {
  private readonly boss: PgBoss;
  private starting: Promise<void> | undefined;
  private readonly workerIds = new Map<string, string[]>();
  /** The workers this process runs, to start them again after a pause. */
  private readonly registrations: Registration[] = [];
  private paused = false;
  /** Pauses and resumptions, one after the other. */
  private switching: Promise<void> = Promise.resolve();

  constructor(
    executor: SqlExecutor,
    readonly options: {
      schema: string;
      log: Pick<FastifyBaseLogger, "error">;
      conversion?: ConversionJobPolicy;
      applicationPdf?: JobPolicy;
      webhook?: JobPolicy;
    },
  ) {
    // No cron (we schedule nothing); maintenance (expiring runs whose process died, archiving)
    // runs in every process, pg-boss makes sure only one does it at a time.
    this.boss = new PgBoss({ db: executor, schema: options.schema, schedule: false });
    this.boss.on("error", (error) => options.log.error({ err: error }, "job queue error"));
  }

  get conversionPolicy(): ConversionJobPolicy {
    return this.options.conversion ?? DEFAULT_CONVERSION_POLICY;
  }

  get applicationPdfPolicy(): JobPolicy {
    return this.options.applicationPdf ?? DEFAULT_APPLICATION_PDF_POLICY;
  }

  get webhookPolicy(): JobPolicy {
    return this.options.webhook ?? DEFAULT_WEBHOOK_POLICY;
  }

  /** pg-boss's options for a webhook delivery: the queue's and each job's. */
  private webhookOptions() {
    const policy = this.webhookPolicy;
    return {
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: expireSeconds(policy, 1),
      deadLetter: DELIVER_WEBHOOK_GIVEN_UP,
    };
  }

  /** Creates or upgrades pg-boss's tables and our queues; once per process, whoever asks first. */
  start(): Promise<void> {
    this.starting ??= (async () => {
      await this.boss.start();
      const policy = this.conversionPolicy;
      await this.createQueue(CONVERT_DOCUMENT_GIVEN_UP, { name: CONVERT_DOCUMENT_GIVEN_UP });
      await this.createQueue(CONVERT_DOCUMENT, {
        name: CONVERT_DOCUMENT,
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        expireInSeconds: expireSeconds(policy),
        deadLetter: CONVERT_DOCUMENT_GIVEN_UP,
      });
      const pdf = this.applicationPdfPolicy;
      await this.createQueue(RENDER_APPLICATION_PDF_GIVEN_UP, { name: RENDER_APPLICATION_PDF_GIVEN_UP });
      await this.createQueue(RENDER_APPLICATION_PDF, {
        name: RENDER_APPLICATION_PDF,
        retryLimit: pdf.retryLimit,
        retryDelay: pdf.retryDelaySeconds,
        expireInSeconds: expireSeconds(pdf),
        deadLetter: RENDER_APPLICATION_PDF_GIVEN_UP,
      });
      await this.createQueue(DELIVER_WEBHOOK_GIVEN_UP, { name: DELIVER_WEBHOOK_GIVEN_UP });
      await this.createQueue(DELIVER_WEBHOOK, { name: DELIVER_WEBHOOK, ...this.webhookOptions() });
    })();
    return this.starting;
  }

  /**
   * pg-boss creates a queue and its table in one transaction. Processes starting together on a
   * fresh database (README "Running at scale") create the same queues at the same moment, and
   * PostgreSQL may end one of those transactions as a deadlock, rolled back. Creating a queue that
   * exists changes nothing, so that one simply runs again (tests/api/job-queue-start.test.ts).
   */
  private async createQueue(name: string, options: PgBoss.Queue): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(name, options);
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== DEADLOCK_DETECTED || attempt >= 5) throw error;
      }
    }
  }

  /**
   * Queues a conversion inside the caller's transaction (it exists only if the transaction
   * commits). The job id is the conversion id, so sending it twice queues it once. Call
   * `wake(CONVERT_DOCUMENT)` after the commit. `start()` must have run (outside the transaction:
   * on PGlite a transaction holds the only connection).
   */
  async sendConversion(tx: Database, payload: ConvertDocumentPayload): Promise<void> {
    if (!this.starting) throw new Error("the job queue is not started");
    const policy = this.conversionPolicy;
    await this.boss.send(CONVERT_DOCUMENT, payload, {
      id: payload.conversionId,
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      expireInSeconds: expireSeconds(policy),
      deadLetter: CONVERT_DOCUMENT_GIVEN_UP,
      db: transactionExecutor(tx),
    });
  }

  /**
   * Queues an application PDF inside the caller's transaction, as `sendConversion` does: the job id
   * is the `application_pdfs` row's id. Call `wake(RENDER_APPLICATION_PDF)` after the commit.
   */
  async sendApplicationPdf(tx: Database, payload: RenderApplicationPdfPayload): Promise<void> {
    if (!this.starting) throw new Error("the job queue is not started");
    const policy = this.applicationPdfPolicy;
    await this.boss.send(RENDER_APPLICATION_PDF, payload, {
      id: payload.pdfId,
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      expireInSeconds: expireSeconds(policy),
      deadLetter: RENDER_APPLICATION_PDF_GIVEN_UP,
      db: transactionExecutor(tx),
    });
  }

  /**
   * Queues a webhook delivery inside the caller's transaction (the event exists only if the
   * submission commits); the job id is the delivery's. Call `wake(DELIVER_WEBHOOK)` after the commit.
   */
  async sendWebhook(tx: Database, payload: DeliverWebhookPayload): Promise<void> {
    if (!this.starting) throw new Error("the job queue is not started");
    await this.boss.send(DELIVER_WEBHOOK, payload, {
      id: payload.deliveryId,
      ...this.webhookOptions(),
      db: transactionExecutor(tx),
    });
  }

  /** Wakes this process's workers of a queue at once (others find the job at their next poll). */
  wake(queue: string): void {
    for (const id of this.workerIds.get(queue) ?? []) this.boss.notifyWorker(id);
  }

  /** Runs `handler` for jobs of `queue`, `concurrency` at a time, in this process. */
  async work<T extends object>(
    queue: string,
    concurrency: number,
    handler: JobWorkerHandler<T>,
  ): Promise<void> {
    await this.start();
    const registration = { queue, concurrency, handler: handler as JobWorkerHandler<object> };
    this.registrations.push(registration);
    if (!this.paused) await this.startWorkers(registration);
  }

  /**
   * Stops taking jobs (those running finish) until `resume()`: DATA_DIR is nearly full (issue 36,
   * storage/disk-space.ts), and a job would meet the full disk, use up its retries and fail. Jobs
   * wait in the queue meanwhile; nothing is lost.
   */
  pause(): Promise<void> {
    this.switching = this.switching.then(async () => {
      if (this.paused) return;
      this.paused = true;
      for (const queue of new Set(this.registrations.map((registration) => registration.queue))) {
        await this.boss.offWork(queue);
        this.workerIds.delete(queue);
      }
    });
    return this.switching;
  }

  /** Whether `pause()` holds (the workers take no job). */
  get isPaused(): boolean {
    return this.paused;
  }

  /** Takes jobs again after `pause()`, with the same workers. */
  resume(): Promise<void> {
    this.switching = this.switching.then(async () => {
      if (!this.paused) return;
      this.paused = false;
      for (const registration of this.registrations) await this.startWorkers(registration);
    });
    return this.switching;
  }

  private async startWorkers({ queue, concurrency, handler }: Registration): Promise<void> {
    const ids = this.workerIds.get(queue) ?? [];
    for (let i = 0; i < concurrency; i++) {
      const id = await this.boss.work<object>(
        queue,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (job) await handler(job);
        },
      );
      ids.push(id);
    }
    this.workerIds.set(queue, ids);
  }

  /** A job's state in pg-boss (created, retry, active, completed, failed…), or null when unknown. */
  async jobState(queue: string, id: string): Promise<string | null> {
    await this.start();
    return (await this.boss.getJobById(queue, id, { includeArchive: true }))?.state ?? null;
  }

  /** Stops polling and waits up to `timeoutMs` for jobs running here to finish. */
  async stop(timeoutMs = 30_000): Promise<void> {
    if (!this.starting) return;
    await this.starting.catch(() => {});
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
  }
}
