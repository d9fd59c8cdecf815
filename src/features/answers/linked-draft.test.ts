import { beforeEach, describe, expect, it } from "vitest";
import type { AnswerOutcome } from "../../shared/api-types";
import { draftForLink, mergeLinkedDraft } from "./linked-draft";
import { DEVICE_OWNER, type LocalDb } from "./local-db";
import { SyncClient } from "./sync-client";
import type { Batch } from "./sync-queue";
import { testDb } from "./test-db";

const ADA = "ada@example.edu";
const T = 1_800_000_000_000;

let db: LocalDb;
beforeEach(() => {
  db = testDb();
});

async function hold(owner: string, key: string, value: string, editedAt: number) {
  await db.answers.put({ owner, key, value, editedAt });
}

async function held(owner: string): Promise<Record<string, [string, number]>> {
  const rows = await db.answers.where("owner").equals(owner).toArray();
  return Object.fromEntries(rows.map((a) => [a.key, [a.value, a.editedAt]]));
}

describe("merging a link's answers into the device's draft", () => {
  it("takes the link's value of each field unless the device edited that field more recently", async () => {
    await hold(DEVICE_OWNER, "first_name", "Ada", T + 500); // newer here: kept
    await hold(DEVICE_OWNER, "last_name", "Byron", T - 500); // older here: the link's wins
    await hold(DEVICE_OWNER, "city", "Paris", 0); // a server value (edit time 0): any edit is newer
    await hold(DEVICE_OWNER, "zip", "12345", T); // a tie: the link, the later arrival, wins

    const written = await mergeLinkedDraft(db, DEVICE_OWNER, {
      answers: { first_name: "Augusta", last_name: "Lovelace", city: "London", zip: "54321", gender: "F" },
      editedAt: { first_name: T, last_name: T, city: T, zip: T, gender: T },
    });

    expect(await held(DEVICE_OWNER)).toEqual({
      first_name: ["Ada", T + 500],
      last_name: ["Lovelace", T],
      city: ["London", T],
      zip: ["54321", T],
      gender: ["F", T],
    });
    expect(written.map((a) => a.key).sort()).toEqual(["city", "gender", "last_name", "zip"]);
  });

  it("counts only fields whose value changed: the same value already here is not 'loaded'", async () => {
    await hold(DEVICE_OWNER, "first_name", "Ada", T - 1);
    const written = await mergeLinkedDraft(db, DEVICE_OWNER, {
      answers: { first_name: "Ada", last_name: "Lovelace" },
      editedAt: { first_name: T, last_name: T },
    });
    expect(written.map((a) => a.key)).toEqual(["last_name"]);
    expect((await held(DEVICE_OWNER)).first_name).toEqual(["Ada", T - 1]);
  });

  it("carries a field emptied on the other device when that was the newer edit", async () => {
    await hold(DEVICE_OWNER, "middle_name", "King", T - 10);
    await mergeLinkedDraft(db, DEVICE_OWNER, { answers: { middle_name: "" }, editedAt: { middle_name: T } });
    expect((await held(DEVICE_OWNER)).middle_name).toEqual(["", T]);
  });

  it("touches no other owner's answers", async () => {
    await hold(ADA, "first_name", "Grace", T - 10);
    await mergeLinkedDraft(db, DEVICE_OWNER, { answers: { first_name: "Ada" }, editedAt: { first_name: T } });
    expect(await held(ADA)).toEqual({ first_name: ["Grace", T - 10] });
  });
});

describe("the draft a link carries", () => {
  it("is every field this device edited, emptied ones included, with edit times; server values are not", async () => {
    await hold(DEVICE_OWNER, "first_name", "Ada", T);
    await hold(DEVICE_OWNER, "middle_name", "", T + 1);
    await hold(DEVICE_OWNER, "city", "London", 0);
    await hold(ADA, "last_name", "Lovelace", T);
    expect(await draftForLink(db, DEVICE_OWNER)).toEqual({
      answers: { first_name: "Ada", middle_name: "" },
      editedAt: { first_name: T, middle_name: T + 1 },
    });
  });
});

describe("the sync client bringing a link in", () => {
  function recordingClient() {
    const sent: Batch[] = [];
    const send = async (batch: Batch): Promise<AnswerOutcome | undefined> => {
      sent.push(batch);
      return { message: "saved", saved: 1, saved_at: "", server_time: Date.now(), superseded: {} };
    };
    return {
      sent,
      app: new SyncClient(
        () => db,
        async () => send,
        { debounceMs: 0 },
      ),
    };
  }

  it("anonymous: the answers show at once, and a later edit here stays here", async () => {
    const { sent, app } = recordingClient();
    await app.open(DEVICE_OWNER, null);
    await app.store.set("first_name", "Ada");
    const now = Date.now();
    const changed = await app.adoptLinkedDraft({
      answers: { first_name: "Augusta", last_name: "Lovelace" },
      // The link's first_name is older than the edit just made on this device.
      editedAt: { first_name: now - 60_000, last_name: now - 60_000 },
    });
    expect(changed).toBe(1);
    expect(app.store.all()).toEqual({ first_name: "Ada", last_name: "Lovelace" });

    await app.store.set("last_name", "Byron");
    await app.flush();
    expect(sent).toEqual([]);
    expect(await held(DEVICE_OWNER)).toMatchObject({ last_name: ["Byron", expect.any(Number)] });
    app.close();
  });

  it("signed in: the answers join the account through the draft merge and are sent with their edit times", async () => {
    const { sent, app } = recordingClient();
    await app.open(ADA, { answers: { city: "London" }, serverTime: Date.now() });
    await app.store.set("first_name", "Ada"); // a newer edit waiting here: kept
    const old = Date.now() - 60_000;
    const queued = await app.adoptLinkedDraft({
      answers: { first_name: "Augusta", last_name: "Lovelace", city: "Paris" },
      editedAt: { first_name: old, last_name: old, city: old },
    });
    expect(queued).toBe(2);
    await app.flush();
    const answers = Object.assign({}, ...sent.map((b) => b.answers));
    expect(answers).toEqual({ first_name: "Ada", last_name: "Lovelace", city: "Paris" });
    const times = Object.assign({}, ...sent.map((b) => b.editedAt));
    expect(times.last_name).toBe(old);
    expect(await held(DEVICE_OWNER)).toEqual({});
    app.close();
  });
});
