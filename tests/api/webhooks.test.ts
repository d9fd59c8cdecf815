import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "../../docs/examples/verify-webhook.mjs";
import { webhookAttempts, webhookDeliveries } from "../../server/db/schema";
import { DELIVER_WEBHOOK } from "../../server/jobs/job-queue";
import { webhookSignature } from "../../server/webhooks/signature";
import { putAnswers } from "../helpers/api";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";
import {
  clientHeaders,
  createTestApp,
  type DocumentParts,
  signedInUser,
  type TestApp,
} from "../helpers/test-app";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver";

// The application.submitted webhook (issue 32, decision 0022) against a real receiver on this
// machine that verifies each delivery with the README's snippet: delivered once acknowledged,
// tried again with backoff while the receiver is down, refused by a receiver with another secret,
// every attempt recorded.

const SECRET = "whsec-test-0123456789abcdef0123456789abcdef";
// Short delays (1 s, doubling) so a test sees a few retries; deployments keep 10 s and 12 retries.
const POLICY = { retryLimit: 3, retryDelaySeconds: 1, timeoutMs: 5_000 };
const FEWER_RETRIES = { ...POLICY, retryLimit: 2 };
/** Retries wait on pg-boss's clock and polling: generous on a busy machine, free on an idle one. */
const SLOW = 120_000;

let receiver: Receiver;
let test: TestApp & DocumentParts;

beforeAll(async () => {
  receiver = await startReceiver(SECRET);
  test = await createTestApp({ webhook: { url: receiver.url, secret: SECRET, policy: POLICY } });
});
afterAll(async () => {
  await test?.close();
  await receiver?.close();
});
afterEach(async () => {
  await receiver.up().catch(() => {});
});

/** A complete application, submitted as the client submits it. */
async function submitted(
  target: TestApp = test,
): Promise<{ userId: string; submittedAt: string; cookie: string }> {
  const user = await signedInUser(target);
  expect((await putAnswers(target, user.cookie, COMPLETE_APPLICATION)).statusCode).toBe(200);
  const response = await target.app.inject({
    method: "POST",
    url: "/api/submit",
    headers: clientHeaders(user.cookie),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { userId: user.userId, submittedAt: response.json().submitted_at, cookie: user.cookie };
}

async function deliveryOf(userId: string) {
  const [delivery] = await test.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.applicationId, userId));
  return delivery;
}

async function attemptsOf(deliveryId: string) {
  return test.database.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.id));
}

/** Waits (as long as the test's time allows) until `check` holds. */
async function until<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 100_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const receivedFor = (userId: string) => receiver.received.filter((request) => request.body.includes(userId));

describe("the application.submitted webhook", () => {
  it("is POSTed once, signed over timestamp and body, when an application is submitted", async () => {
    const { userId, submittedAt } = await submitted();
    const delivery = await until(
      "delivery",
      () => deliveryOf(userId),
      (row) => row?.status === "delivered",
    );
    const [request, ...more] = receivedFor(userId);
    expect(more).toHaveLength(0);
    expect(request?.verified).toBe(true);
    expect(JSON.parse(request?.body ?? "")).toStrictEqual({
      type: "application.submitted",
      id: userId,
      submitted_at: submittedAt,
    });
    expect(request?.body).toBe(delivery?.body);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["webhook-id"]).toBe(delivery?.id);
    const signature = String(request?.headers["webhook-signature"]);
    expect(signature).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    const t = Number(/t=(\d+)/.exec(signature)?.[1]);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(120);
    expect(signature).toBe(webhookSignature(SECRET, request?.body ?? "", t));

    const attempts = await attemptsOf(delivery?.id ?? "");
    expect(attempts.map(({ statusCode, error, url }) => ({ statusCode, error, url }))).toStrictEqual([
      { statusCode: 204, error: null, url: receiver.url },
    ]);
    expect(delivery?.attempts).toBe(1);
    expect(delivery?.deliveredAt).not.toBeNull();
  });

  it("sends nothing again for a submit repeated after the first", async () => {
    const { userId, cookie } = await submitted();
    await until(
      "delivery",
      () => deliveryOf(userId),
      (row) => row?.status === "delivered",
    );
    const again = await test.app.inject({
      method: "POST",
      url: "/api/submit",
      headers: clientHeaders(cookie),
    });
    expect(again.statusCode).toBe(200);
    const rows = await test.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.applicationId, userId));
    expect(rows).toHaveLength(1);
  });

  it(
    "is tried again with backoff while the receiver is down, and delivered once it is back, once",
    async () => {
      await receiver.down();
      const { userId } = await submitted();
      const pending = await until(
        "a delivery",
        () => deliveryOf(userId),
        (row) => row !== undefined,
      );
      const failed = await until(
        "two attempts",
        () => attemptsOf(pending?.id ?? ""),
        (rows) => rows.length >= 2,
      );
      for (const attempt of failed) {
        expect(attempt.statusCode).toBeNull();
        expect(attempt.error).toMatch(/^no answer: /);
      }
      // Each retry waited at least the retry delay after the attempt before.
      expect(failed[1]?.startedAt.getTime() ?? 0).toBeGreaterThanOrEqual(
        (failed[0]?.startedAt.getTime() ?? 0) + POLICY.retryDelaySeconds * 1000,
      );
      expect((await deliveryOf(userId))?.status).toBe("pending");
      expect(receivedFor(userId)).toHaveLength(0);

      await receiver.up();
      const delivered = await until(
        "delivered",
        () => deliveryOf(userId),
        (row) => row?.status === "delivered",
      );
      // Acknowledged: the job is done, so nothing is sent again.
      expect(await test.queue.jobState(DELIVER_WEBHOOK, delivered?.id ?? "")).toBe("completed");
      expect(receivedFor(userId)).toHaveLength(1);
      expect(receivedFor(userId)[0]?.verified).toBe(true);
      const attempts = await attemptsOf(delivered?.id ?? "");
      expect(attempts.at(-1)?.statusCode).toBe(204);
      expect(attempts.slice(0, -1).every((attempt) => attempt.statusCode === null)).toBe(true);
      expect(delivered?.attempts).toBe(attempts.length);
    },
    SLOW,
  );
});

describe("a receiver with another secret", () => {
  let other: TestApp & DocumentParts;
  beforeAll(async () => {
    // The server signs with another secret than the receiver checks with.
    other = await createTestApp({
      webhook: {
        url: receiver.url,
        secret: "not-the-receivers-secret-0123456789abcdef",
        policy: FEWER_RETRIES,
      },
    });
  });
  afterAll(async () => {
    await other?.close();
  });

  it(
    "refuses every attempt; each is recorded, and the delivery ends failed after the last retry",
    async () => {
      const { userId } = await submitted(other);
      const [delivery] = await until(
        "failed",
        () =>
          other.database.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.applicationId, userId)),
        (rows) => rows[0]?.status === "failed",
      );
      const attempts = await other.database.db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, delivery?.id ?? ""));
      expect(attempts).toHaveLength(FEWER_RETRIES.retryLimit + 1);
      for (const attempt of attempts) {
        expect(attempt.statusCode).toBe(401);
        expect(attempt.error).toBe("the receiver answered 401");
      }
      const received = receivedFor(userId);
      expect(received).toHaveLength(FEWER_RETRIES.retryLimit + 1);
      expect(received.every((request) => !request.verified)).toBe(true);
    },
    SLOW,
  );
});

describe("without WEBHOOK_URL", () => {
  it("records no event on submission", async () => {
    const quiet = await createTestApp();
    try {
      const { userId } = await submitted(quiet);
      const rows = await quiet.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.applicationId, userId));
      expect(rows).toHaveLength(0);
    } finally {
      await quiet.close();
    }
  });
});

describe("the README's verification snippet", () => {
  const body = '{"type":"application.submitted","id":"x","submitted_at":"2026-01-01T00:00:00.000Z"}';
  const now = Date.UTC(2026, 0, 1);
  const t = Math.floor(now / 1000);

  it("accepts our signature and refuses another secret, another body, an old timestamp or a bad header", () => {
    const header = webhookSignature(SECRET, body, t);
    expect(verifyWebhook(SECRET, header, body, { now })).toBe(true);
    expect(verifyWebhook("another-secret", header, body, { now })).toBe(false);
    expect(verifyWebhook(SECRET, header, body.replace('"x"', '"y"'), { now })).toBe(false);
    expect(verifyWebhook(SECRET, header, body, { now: now + 301_000 })).toBe(false);
    expect(verifyWebhook(SECRET, webhookSignature(SECRET, body, t - 600), body, { now })).toBe(false);
    for (const bad of [undefined, "", "t=abc,v1=00", `v1=${"0".repeat(64)}`, `t=${t},v1=zz`]) {
      expect(verifyWebhook(SECRET, bad, body, { now }), String(bad)).toBe(false);
    }
  });
});
