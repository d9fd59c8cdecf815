import { beforeEach, describe, expect, it } from "vitest";
import type { AnswerOutcome } from "../../shared/api-types";
import { AnswerStore, type Holding } from "./answer-store";
import { DEVICE_OWNER, type LocalDb, type StoredAnswer } from "./local-db";
import type { AnswerWrite } from "./off-thread-writer";
import { onThisThread, writeOnThisThread } from "./on-this-thread";
import { ServerClock } from "./server-clock";
import { SyncClient } from "./sync-client";
import type { Batch } from "./sync-queue";
import { testDb } from "./test-db";

const ADA = "ada@example.edu";
const GRACE = "grace@example.edu";

/** A transport that records what each owner's worker sent and answers like a server would. */
function recordingTransport(superseded: Record<string, string> = {}) {
  const sent: Batch[] = [];
  const send = async (batch: Batch): Promise<AnswerOutcome | undefined> => {
    sent.push(batch);
    return { message: "saved", saved: 1, saved_at: "", server_time: Date.now(), superseded };
  };
  return { sent, transport: async () => send };
}

let db: LocalDb;
beforeEach(() => {
  db = testDb();
});

function client(transport: () => Promise<(batch: Batch) => Promise<AnswerOutcome | undefined>>) {
  return new SyncClient(() => db, transport, { debounceMs: 0 });
}

describe("the sync client", () => {
  it("keeps an anonymous visitor's answers on the device without sending anything", async () => {
    const { sent, transport } = recordingTransport();
    const app = client(transport);
    await app.open(DEVICE_OWNER, null);
    await app.store.set("first_name", "Ada");
    await app.flush();
    expect(sent).toEqual([]);
    expect(await db.answers.get([DEVICE_OWNER, "first_name"])).toMatchObject({ value: "Ada" });
    app.close();
  });

  it("merges the anonymous draft into the account at sign-in and sends it", async () => {
    const { sent, transport } = recordingTransport();
    const app = client(transport);
    await app.open(DEVICE_OWNER, null);
    await app.store.set("first_name", "Ada");
    await app.store.set("last_name", "Lovelace");
    const { mergedDrafts } = await app.open(ADA, { answers: { city: "London" }, serverTime: Date.now() });
    expect(mergedDrafts).toBe(2);
    await app.flush();
    expect(sent.map((b) => b.answers)).toEqual([{ first_name: "Ada", last_name: "Lovelace" }]);
    expect(app.store.all()).toEqual({ first_name: "Ada", last_name: "Lovelace", city: "London" });
    app.close();
  });

  it("never sends one user's queued changes as another's", async () => {
    const { sent, transport } = recordingTransport();
    const offline = client(async () => async () => {
      throw new TypeError("no network");
    });
    await offline.open(ADA, null);
    await offline.store.set("first_name", "Ada");
    await offline.store.whenStored();
    offline.close();

    const app = client(transport);
    await app.open(GRACE, { answers: {}, serverTime: Date.now() });
    await app.store.set("first_name", "Grace");
    await app.flush();
    expect(sent.map((b) => [b.owner, b.answers])).toEqual([[GRACE, { first_name: "Grace" }]]);
    // Ada's change is still waiting for Ada.
    await app.open(ADA, { answers: {}, serverTime: Date.now() });
    await app.flush();
    expect(sent.map((b) => [b.owner, b.answers]).at(-1)).toEqual([ADA, { first_name: "Ada" }]);
    app.close();
  });

  it("adopts a newer value the server kept", async () => {
    const { transport } = recordingTransport({ first_name: "From another device" });
    const app = client(transport);
    await app.open(ADA, { answers: {}, serverTime: Date.now() });
    await app.store.set("first_name", "Older edit");
    await app.flush();
    await expect.poll(() => app.store.get("first_name")).toBe("From another device");
    app.close();
  });

  describe("a value the server wrote itself (a completed conversion's ANSWERED)", () => {
    it("is stored and shown as the server's, and sent back to no one", async () => {
      const { sent, transport } = recordingTransport();
      const app = client(transport);
      await app.open(ADA, { answers: {}, serverTime: Date.now() });
      expect(await app.adoptServerAnswer(ADA, "resume", "ANSWERED")).toBe(true);
      expect(app.store.get("resume")).toBe("ANSWERED");
      expect(await db.answers.get([ADA, "resume"])).toMatchObject({ value: "ANSWERED", editedAt: 0 });
      expect(await db.queue.count()).toBe(0);
      await app.flush();
      expect(sent).toEqual([]);
      // A later change of the applicant's is newer, and is sent.
      await app.store.set("resume", "");
      await app.flush();
      expect(sent.map((b) => b.answers)).toEqual([{ resume: "" }]);
      app.close();
    });

    it("does not overwrite a change of the field still waiting to be sent", async () => {
      const offline = client(async () => async () => {
        throw new TypeError("no network");
      });
      await offline.open(ADA, { answers: { resume: "ANSWERED" }, serverTime: Date.now() });
      // The applicant removed the file; the change waits for the network.
      await offline.store.set("resume", "");
      expect(await offline.adoptServerAnswer(ADA, "resume", "ANSWERED")).toBe(false);
      expect(offline.store.get("resume")).toBe("");
      expect(await db.answers.get([ADA, "resume"])).toMatchObject({ value: "" });
      expect((await db.queue.toArray()).map((entry) => [entry.key, entry.value])).toEqual([["resume", ""]]);
      offline.close();
    });

    it("is not taken for another owner than the open one, nor for the device's draft", async () => {
      const { transport } = recordingTransport();
      const app = client(transport);
      await app.open(DEVICE_OWNER, null);
      expect(await app.adoptServerAnswer(DEVICE_OWNER, "resume", "ANSWERED")).toBe(false);
      await app.open(ADA, { answers: {}, serverTime: Date.now() });
      expect(await app.adoptServerAnswer(GRACE, "resume", "ANSWERED")).toBe(false);
      expect(await db.answers.count()).toBe(0);
      expect(app.store.get("resume")).toBe("");
      app.close();
    });
  });

  it("on sign-out removes a fully synced copy, and keeps unsent changes for the next sign-in", async () => {
    const { transport } = recordingTransport();
    const app = client(transport);
    await app.open(ADA, { answers: {}, serverTime: Date.now() });
    await app.store.set("first_name", "Ada");
    await app.flush();
    expect(await app.signOut()).toBe(0);
    expect(await db.answers.where("owner").equals(ADA).count()).toBe(0);

    const offline = client(async () => async () => {
      throw new TypeError("no network");
    });
    await offline.open(GRACE, null);
    await offline.store.set("first_name", "Grace");
    await offline.flush();
    expect(await offline.signOut()).toBe(1);
    expect(await db.answers.get([GRACE, "first_name"])).toMatchObject({ value: "Grace" });
    expect(offline.owner).toBe(DEVICE_OWNER);
    offline.close();
  });

  it("counts what a session that ended elsewhere keeps here, an earlier page's held change queued first", async () => {
    // An earlier page of Grace's held her change (its database never took it), then the session
    // ended elsewhere: the next page opens the device's draft and counts what waits for her.
    const held: StoredAnswer = { owner: GRACE, key: "first_name", value: "Grace", editedAt: 1 };
    const kept = new Map([[GRACE, [held]]]);
    const holding: Holding = {
      keep: () => {},
      stored: (answer) => kept.delete(answer.owner),
      held: (owner) => kept.get(owner) ?? [],
    };
    const clock = new ServerClock();
    const store = new AnswerStore(() => db, clock, onThisThread, holding);
    const app = new SyncClient(
      () => db,
      recordingTransport().transport,
      { debounceMs: 0 },
      clock,
      onThisThread,
      store,
    );
    await app.open(DEVICE_OWNER, null);
    expect(await app.keptFor(GRACE)).toBe(1);
    expect(await db.queue.where("owner").equals(GRACE).count()).toBe(1);
    expect(kept.has(GRACE)).toBe(false);
    expect(await app.keptFor(ADA)).toBe(0);
    app.close();
  });

  it("queues an action after the answers typed before it, however late their write commits", async () => {
    // The app's keystrokes are written by a worker (off-thread-writer.ts): a write can commit after
    // a change the page queues next. Here each answer's write waits until released.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowWrite: AnswerWrite = async (...write) => {
      await released;
      return writeOnThisThread(...write);
    };
    const app = new SyncClient(() => db, recordingTransport().transport, { debounceMs: 1e9 }, undefined, {
      write: slowWrite,
    });
    await app.open(ADA, null);
    const typed = app.store.set("school", "Reed College");
    const chosen = app.queueAction("tabs", { school_tab: "other" });
    setTimeout(release, 10);
    await Promise.all([typed, chosen]);
    const queued = await db.queue.where("owner").equals(ADA).sortBy("id");
    expect(queued.map((entry) => entry.kind)).toEqual(["answer", "tabs"]);
    app.close();
  });

  it("opens one owner at a time: an open asked for while another runs waits for it", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { transport } = recordingTransport();
    // Ada's open waits for its transport; the device's, asked for next, must not overtake it.
    const app = client(async () => {
      await held;
      return transport();
    });
    await db.answers.put({ owner: ADA, key: "first_name", value: "Ada", editedAt: 1 });
    const first = app.open(ADA, null);
    const second = app.open(DEVICE_OWNER, null);
    setTimeout(release, 10);
    await Promise.all([first, second]);
    expect(app.owner).toBe(DEVICE_OWNER);
    expect(app.store.get("first_name")).toBe("");
    app.close();
  });
  describe("the page the applicant is on", () => {
    // A send that never ends: what was queued stays in the queue to be looked at.
    const hanging = async () => () => new Promise<AnswerOutcome | undefined>(() => {});
    const queuedPages = async () =>
      (await db.queue.where("[owner+key]").equals([ADA, "last-page"]).sortBy("id")).map(
        (entry) => (JSON.parse(entry.value) as { last_page: string }).last_page,
      );

    it("is not queued when the server already has it and no page change waits; another page is", async () => {
      const app = client(hanging);
      await app.open(ADA, { answers: {}, serverTime: Date.now(), lastPage: "/about" });
      await app.recordPage("/about");
      expect(await queuedPages()).toEqual([]);
      await app.recordPage("/education");
      expect(await queuedPages()).toEqual(["/education"]);
      // Back on the first page: the server's page is no longer known to be it.
      await app.recordPage("/about");
      expect((await queuedPages()).at(-1)).toBe("/about");
      app.close();
    });

    it("is queued when another page change waits, though the server has this page", async () => {
      // A page recorded offline earlier, not sent yet: skipping would leave the server there.
      await db.queue.add({
        owner: ADA,
        kind: "last-page",
        key: "last-page",
        value: JSON.stringify({ last_page: "/education" }),
        editedAt: 1,
        batchId: null,
      });
      const app = client(hanging);
      await app.open(ADA, { answers: {}, serverTime: Date.now(), lastPage: "/about" });
      await app.recordPage("/about");
      expect((await queuedPages()).at(-1)).toBe("/about");
      app.close();
    });

    it("is queued when the server's page is not known (opened without the server) or another", async () => {
      const offline = client(hanging);
      await offline.open(ADA, null);
      await offline.recordPage("/about");
      expect(await queuedPages()).toEqual(["/about"]);
      offline.close();
      await db.queue.clear();
      const app = client(hanging);
      await app.open(ADA, { answers: {}, serverTime: Date.now(), lastPage: null });
      await app.recordPage("/about");
      expect(await queuedPages()).toEqual(["/about"]);
      app.close();
    });

    it("is never queued for an anonymous visitor", async () => {
      const app = client(hanging);
      await app.open(DEVICE_OWNER, null);
      await app.recordPage("/about");
      expect(await db.queue.count()).toBe(0);
      app.close();
    });
  });
});
