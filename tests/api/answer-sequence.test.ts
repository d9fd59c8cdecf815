import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAP_MESSAGE, SUPERSEDED_MESSAGE } from "../../server/services/client-sequence";
import { ABOUT_KEYS } from "../../src/form/answer-keys";
import { CLIENT_HEADER } from "../../src/shared/constants";
import { putAnswers, storedAnswers } from "../helpers/api";
import {
  answerRevision,
  answerRows,
  clientId,
  lastSeq,
  sendBatch,
  sendJson,
  storedKeys,
  syncHeaders,
} from "../helpers/sync";
import { createTestApp, idempotencyKey, signedInUser, type TestApp } from "../helpers/test-app";

// Rule 1 of docs/decisions/0002-sync-protocol.md: X-Client-Seq per (user, client).

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

function expectRefusal(response: Awaited<ReturnType<typeof putAnswers>>, fragment: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(Object.keys(body)).toStrictEqual(["message"]);
  expect(body.message).toContain(fragment);
}

describe("PUT /api/answer: client headers", () => {
  it.each([
    ["X-Client-Id alone", { "x-client-id": "device-0001" }],
    ["X-Client-Seq alone", { "x-client-seq": "1" }],
  ])("refuses %s with 400 and stores nothing", async (_label, headers) => {
    const user = await signedInUser(test);
    const response = await putAnswers(test, user.cookie, { first_name: "Ada" }, { headers });
    expectRefusal(response, "X-Client-Id and X-Client-Seq");
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it.each([
    ["too short", "abc1234"],
    ["too long", "d".repeat(65)],
    ["with an underscore", "device_0001"],
    ["with a space", "device 0001"],
  ])("refuses a malformed X-Client-Id (%s)", async (_label, client) => {
    const user = await signedInUser(test);
    const response = await putAnswers(
      test,
      user.cookie,
      { first_name: "Ada" },
      { headers: { "x-client-id": client, "x-client-seq": "1" } },
    );
    expectRefusal(response, "X-Client-Id");
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it("accepts client ids of 8 and 64 characters", async () => {
    const user = await signedInUser(test);
    for (const client of ["d".repeat(8), "D-9".repeat(21).padEnd(64, "x")]) {
      const response = await sendBatch(test, user.cookie, { first_name: "Ada" }, { client, seq: 1 });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it.each([
    ["zero", "0"],
    ["negative", "-1"],
    ["a fraction", "1.5"],
    ["not a number", "one"],
    ["a leading zero", "01"],
    ["beyond the safe integers", "99999999999999999"],
    ["empty", ""],
  ])("refuses an X-Client-Seq that is %s", async (_label, seq) => {
    const user = await signedInUser(test);
    const response = await putAnswers(
      test,
      user.cookie,
      { first_name: "Ada" },
      { headers: { "x-client-id": clientId(), "x-client-seq": seq } },
    );
    expectRefusal(response, "X-Client-Seq");
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
  });

  it("lets requests without the headers skip the sequence rule", async () => {
    const user = await signedInUser(test);
    const client = clientId();
    expect((await sendBatch(test, user.cookie, { first_name: "A" }, { client, seq: 1 })).statusCode).toBe(
      200,
    );
    expect((await putAnswers(test, user.cookie, { first_name: "B" })).statusCode).toBe(200);
    expect((await putAnswers(test, user.cookie, { last_name: "C" })).statusCode).toBe(200);
    expect(await lastSeq(test, user.userId, client)).toBe(1);
    expect((await sendBatch(test, user.cookie, { city: "D" }, { client, seq: 2 })).statusCode).toBe(200);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({
      first_name: "B",
      last_name: "C",
      city: "D",
    });
    expect(await answerRevision(test, user.userId)).toBe(4);
  });
});

describe("PUT /api/answer: sequence", () => {
  it("applies a batch delivered three times once: one revision, the repeats replayed", async () => {
    const user = await signedInUser(test);
    const batch = { key: idempotencyKey(), client: clientId(), seq: 1 };
    const body = { first_name: "Ada", city: "London" };

    const first = await sendBatch(test, user.cookie, body, batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const rowsAfterOne = await answerRows(test, user.userId);

    test.advanceClock(2_000);
    for (let delivery = 2; delivery <= 3; delivery++) {
      const again = await sendBatch(test, user.cookie, body, batch);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.json()).toStrictEqual(first.json());
    }

    expect(await answerRevision(test, user.userId)).toBe(1);
    expect(await lastSeq(test, user.userId, batch.client)).toBe(1);
    expect(await answerRows(test, user.userId)).toStrictEqual(rowsAfterOne);
    expect(rowsAfterOne.first_name?.revision).toBe(1);
    expect(await storedKeys(test, user.userId)).toStrictEqual({ [batch.key]: 200 });
  });

  it("refuses a batch that overtook its predecessor (409, expected_seq), then applies both in order", async () => {
    const user = await signedInUser(test);
    const client = clientId();
    const one = { key: idempotencyKey(), client, seq: 1 };
    const two = { key: idempotencyKey(), client, seq: 2 };

    const early = await sendBatch(test, user.cookie, { last_name: "Lovelace" }, two);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toStrictEqual({ message: GAP_MESSAGE, expected_seq: 1 });
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({});
    expect(await lastSeq(test, user.userId, client)).toBeNull();

    const first = await sendBatch(test, user.cookie, { first_name: "Ada" }, one);
    expect(first.statusCode, first.body).toBe(200);
    const second = await sendBatch(test, user.cookie, { last_name: "Lovelace" }, two);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();

    expect(await storedAnswers(test, user.cookie)).toStrictEqual({
      first_name: "Ada",
      last_name: "Lovelace",
    });
    expect(await answerRevision(test, user.userId)).toBe(2);
    expect(await lastSeq(test, user.userId, client)).toBe(2);
  });

  it("refuses a gap, stores nothing and keeps the key free for the renumbered resend", async () => {
    const user = await signedInUser(test);
    const client = clientId();
    await sendBatch(test, user.cookie, { first_name: "Ada" }, { client, seq: 1 });
    await sendBatch(test, user.cookie, { last_name: "Byron" }, { client, seq: 2 });
    const before = await answerRows(test, user.userId);
    const key = idempotencyKey();

    const gap = await sendBatch(test, user.cookie, { last_name: "Lovelace" }, { key, client, seq: 5 });
    expect(gap.statusCode, gap.body).toBe(409);
    expect(gap.json()).toStrictEqual({ message: GAP_MESSAGE, expected_seq: 3 });
    expect(await answerRows(test, user.userId)).toStrictEqual(before);
    expect(await answerRevision(test, user.userId)).toBe(2);
    expect(await lastSeq(test, user.userId, client)).toBe(2);
    expect(Object.keys(await storedKeys(test, user.userId))).not.toContain(key);

    // The client renumbers its open batch and adds every answer it holds (a full resync).
    const resync = { first_name: "Ada", last_name: "Lovelace" };
    const resent = await sendBatch(test, user.cookie, resync, { key, client, seq: 3 });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.headers["idempotent-replayed"]).toBeUndefined();
    expect(resent.json()).toMatchObject({ saved: 2, superseded: {} });
    expect(await storedAnswers(test, user.cookie)).toStrictEqual(resync);
    expect(await lastSeq(test, user.userId, client)).toBe(3);
    expect(await storedKeys(test, user.userId)).toMatchObject({ [key]: 200 });
  });

  it("replays an old number with a known key, and refuses it with an unknown key (409 superseded)", async () => {
    const user = await signedInUser(test);
    const client = clientId();
    const one = { key: idempotencyKey(), client, seq: 1 };
    const first = await sendBatch(test, user.cookie, { first_name: "Ada" }, one);
    await sendBatch(test, user.cookie, { first_name: "Augusta" }, { client, seq: 2 });

    const repeat = await sendBatch(test, user.cookie, { first_name: "Ada" }, one);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers["idempotent-replayed"]).toBe("true");
    expect(repeat.json()).toStrictEqual(first.json());

    const stranger = await sendBatch(test, user.cookie, { first_name: "Eve" }, { client, seq: 1 });
    expect(stranger.statusCode, stranger.body).toBe(409);
    expect(stranger.json()).toStrictEqual({ message: SUPERSEDED_MESSAGE, expected_seq: 3 });
    const current = await sendBatch(test, user.cookie, { first_name: "Eve" }, { client, seq: 2 });
    expect(current.json()).toStrictEqual({ message: SUPERSEDED_MESSAGE, expected_seq: 3 });

    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ first_name: "Augusta" });
    expect(await answerRevision(test, user.userId)).toBe(2);
    expect(await lastSeq(test, user.userId, client)).toBe(2);
  });

  it("keeps the sequences of two clients of one user apart", async () => {
    const user = await signedInUser(test);
    const laptop = clientId();
    const phone = clientId();
    expect(
      (await sendBatch(test, user.cookie, { first_name: "A" }, { client: laptop, seq: 1 })).statusCode,
    ).toBe(200);
    expect(
      (await sendBatch(test, user.cookie, { last_name: "B" }, { client: laptop, seq: 2 })).statusCode,
    ).toBe(200);
    expect((await sendBatch(test, user.cookie, { city: "C" }, { client: phone, seq: 1 })).statusCode).toBe(
      200,
    );
    const phoneGap = await sendBatch(test, user.cookie, { city: "D" }, { client: phone, seq: 3 });
    expect(phoneGap.json()).toMatchObject({ expected_seq: 2 });
    expect((await sendBatch(test, user.cookie, { zip: "E" }, { client: laptop, seq: 3 })).statusCode).toBe(
      200,
    );

    expect(await lastSeq(test, user.userId, laptop)).toBe(3);
    expect(await lastSeq(test, user.userId, phone)).toBe(1);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({
      first_name: "A",
      last_name: "B",
      city: "C",
      zip: "E",
    });
  });

  it("keeps the sequences of two users with the same client id apart", async () => {
    const alice = await signedInUser(test);
    const bob = await signedInUser(test);
    const shared = clientId();
    await sendBatch(test, alice.cookie, { first_name: "Alice" }, { client: shared, seq: 1 });
    await sendBatch(test, alice.cookie, { last_name: "A" }, { client: shared, seq: 2 });
    const bobFirst = await sendBatch(test, bob.cookie, { first_name: "Bob" }, { client: shared, seq: 1 });
    expect(bobFirst.statusCode, bobFirst.body).toBe(200);
    expect(await lastSeq(test, alice.userId, shared)).toBe(2);
    expect(await lastSeq(test, bob.userId, shared)).toBe(1);
  });

  it("applies concurrent batches 1..5 sent in random order exactly once after the client retries its 409s", async () => {
    const user = await signedInUser(test);
    const client = clientId();
    const fields = ["first_name", "middle_name", "last_name", "city", "hs_name"];
    const batches = fields.map((field, index) => ({
      key: idempotencyKey(),
      client,
      seq: index + 1,
      body: { [field]: `value ${index + 1}` },
    }));
    const shuffled = [...batches].sort(() => Math.random() - 0.5);

    const responses = await Promise.all(
      shuffled.map(async (batch) => ({
        batch,
        response: await sendBatch(test, user.cookie, batch.body, batch),
      })),
    );
    const refused = [];
    let applied = 0;
    for (const { batch, response } of responses) {
      if (response.statusCode === 200) {
        applied++;
        expect(response.headers["idempotent-replayed"]).toBeUndefined();
      } else {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().expected_seq).toBeLessThanOrEqual(batch.seq);
        refused.push(batch);
      }
    }

    // The client loop: the refused batches again, in sequence order, each with its key and number.
    refused.sort((a, b) => a.seq - b.seq);
    for (const batch of refused) {
      const retry = await sendBatch(test, user.cookie, batch.body, batch);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.headers["idempotent-replayed"]).toBeUndefined();
      applied++;
    }

    expect(applied).toBe(5);
    expect(await lastSeq(test, user.userId, client)).toBe(5);
    expect(await answerRevision(test, user.userId)).toBe(5);
    const rows = await answerRows(test, user.userId);
    expect(Object.fromEntries(Object.entries(rows).map(([key, row]) => [key, row.value]))).toStrictEqual(
      Object.assign({}, ...batches.map((batch) => batch.body)),
    );
    // Each batch took its own revision, in sequence order.
    expect(fields.map((field) => rows[field]?.revision)).toStrictEqual([1, 2, 3, 4, 5]);
    expect(await storedKeys(test, user.userId)).toStrictEqual(
      Object.fromEntries(batches.map((batch) => [batch.key, 200])),
    );
  });
});

describe("PUT /api/answer: concurrent writers of one user", () => {
  it("serialises devices syncing at once with flat saves, web status and last page (no deadlock)", async () => {
    const user = await signedInUser(test);
    const keys = ABOUT_KEYS.slice(0, 24);
    const devices = [clientId(), clientId(), clientId()];
    const deviceRuns = devices.map(async (client, d) => {
      for (let seq = 1; seq <= 6; seq++) {
        const field = keys[d * 6 + seq - 1] as string;
        const body = { answers: { [field]: `${d}-${seq}` }, edited_at: { [field]: Date.now() } };
        const response = await sendBatch(test, user.cookie, body, { client, seq });
        expect(response.statusCode, response.body).toBe(200);
      }
    });
    const others = [
      ...keys.slice(18).map((field) => putAnswers(test, user.cookie, { [field]: "flat" })),
      ...["started", "validating", "started"].map((status) =>
        sendJson(test, user.cookie, "POST", "/api/web-status", { web_status: status }),
      ),
      ...["/about", "/education", "/final-steps"].map((page) =>
        sendJson(test, user.cookie, "PUT", "/api/last-page", { last_page: page }),
      ),
    ];
    const [, responses] = await Promise.all([Promise.all(deviceRuns), Promise.all(others)]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);

    for (const client of devices) expect(await lastSeq(test, user.userId, client)).toBe(6);
    expect(await answerRevision(test, user.userId)).toBe(24);
    const rows = await answerRows(test, user.userId);
    expect(Object.keys(rows).sort()).toStrictEqual([...keys].sort());
    expect(new Set(Object.values(rows).map((row) => row.revision)).size).toBe(24);
  });
});

describe("PUT /api/answer: a connection cut after the commit", () => {
  it("is retried and applied once (response never read)", async () => {
    const user = await signedInUser(test);
    const batch = { key: idempotencyKey(), client: clientId(), seq: 1 };
    // The response is dropped on the floor, as if the connection broke after the commit.
    void (await sendBatch(test, user.cookie, { first_name: "Ada" }, batch));

    const retry = await sendBatch(test, user.cookie, { first_name: "Ada" }, batch);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toMatchObject({ saved: 1, superseded: {} });
    expect(await answerRevision(test, user.userId)).toBe(1);
    expect(await lastSeq(test, user.userId, batch.client)).toBe(1);
  });

  it("is retried and applied once (real socket destroyed at the first byte of the response)", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    const client = clientId();
    const payload = JSON.stringify({ answers: { first_name: "Ada" }, edited_at: { first_name: Date.now() } });
    const headers: Record<string, string> = {
      cookie: user.cookie,
      [CLIENT_HEADER]: "1",
      "content-type": "application/json",
      "idempotency-key": key,
      ...syncHeaders(client, 1),
    };

    await test.app.listen({ port: 0, host: "127.0.0.1" });
    const address = test.app.server.address();
    if (address === null || typeof address === "string") throw new Error("no TCP address");
    const { port } = address;

    const firstByte = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        const head = [
          "PUT /api/answer HTTP/1.1",
          `Host: 127.0.0.1:${port}`,
          ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
          `Content-Length: ${Buffer.byteLength(payload)}`,
          "",
          "",
        ].join("\r\n");
        socket.write(head + payload);
      });
      socket.once("data", (chunk: Buffer) => {
        socket.destroy();
        resolve(chunk.toString("latin1").slice(0, 12));
      });
      socket.once("error", reject);
    });
    expect(firstByte).toBe("HTTP/1.1 200");
    expect(await answerRevision(test, user.userId)).toBe(1);

    const retry = await fetch(`http://127.0.0.1:${port}/api/answer`, {
      method: "PUT",
      headers,
      body: payload,
    });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toMatchObject({ saved: 1, superseded: {} });
    expect(await answerRevision(test, user.userId)).toBe(1);
    expect(await lastSeq(test, user.userId, client)).toBe(1);
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ first_name: "Ada" });
  });
});
