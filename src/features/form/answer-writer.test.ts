import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FormPage } from "../../form/catalogue-types";
import { DEVICE_OWNER, type LocalDb } from "../answers/local-db";
import { SyncClient } from "../answers/sync-client";
import { testDb } from "../answers/test-db";
import { createAnswerWriter } from "./answer-writer";

/** A page with a coded answer and a section shown only while it is "N". */
const pages: FormPage[] = [
  {
    id: "about",
    title: "About You",
    intro: "",
    sections: [
      {
        id: "address",
        title: "Address",
        questions: [
          { kind: "text", key: "city", label: "City" },
          { kind: "textarea", key: "hear_about_us_other", label: "Tell us more" },
          {
            kind: "radio",
            key: "mailing_addr_same_as_perm_addr",
            label: "Is your mailing address the same?",
            options: { list: "yesNo" },
          },
        ],
      },
      {
        id: "mailing",
        title: "Mailing address",
        visibleWhen: { valueKey: "mailing_addr_same_as_perm_addr", operator: "equals", target: "N" },
        questions: [
          { kind: "text", key: "mailing_city", label: "City" },
          { kind: "select", key: "mailing_country", label: "Country", options: { list: "countries" } },
        ],
      },
    ],
  },
];

let db: LocalDb;
let app: SyncClient;
beforeEach(async () => {
  db = testDb();
  app = new SyncClient(
    () => db,
    async () => async () => undefined,
    { debounceMs: 0 },
  );
  await app.open(DEVICE_OWNER, null);
});
afterEach(() => app.close());

describe("the form's one write path", () => {
  it("stores a text answer and nothing else", async () => {
    const set = vi.spyOn(app.store, "set");
    const writer = createAnswerWriter(app.store, pages);
    writer.setAnswer("city", "Philadelphia");
    expect(set.mock.calls).toEqual([["city", "Philadelphia"]]);
    await app.store.whenStored();
    expect(await db.answers.get([DEVICE_OWNER, "city"])).toMatchObject({ value: "Philadelphia" });
  });

  it("tells its listeners of a value taken from the server, and writes nothing", () => {
    const set = vi.spyOn(app.store, "set");
    const writer = createAnswerWriter(app.store, pages);
    const told: Record<string, string>[] = [];
    writer.onWrite((changes) => told.push({ ...changes }));
    writer.adopted({ city: "Philadelphia" });
    expect(told).toEqual([{ city: "Philadelphia" }]);
    expect(set).not.toHaveBeenCalled();
  });

  it("stores a coded answer with its _desc label", () => {
    const set = vi.spyOn(app.store, "set");
    const writer = createAnswerWriter(app.store, pages);
    writer.setAnswer("mailing_addr_same_as_perm_addr", "N", "No");
    expect(Object.fromEntries(set.mock.calls)).toEqual({
      mailing_addr_same_as_perm_addr: "N",
      mailing_addr_same_as_perm_addr_desc: "No",
    });
  });

  it("clears a section's answers (and their _desc) when it becomes hidden", async () => {
    const writer = createAnswerWriter(app.store, pages);
    writer.setAnswer("mailing_addr_same_as_perm_addr", "N", "No");
    writer.setAnswer("mailing_city", "Boston");
    writer.setAnswer("mailing_country", "USA", "United States");
    const set = vi.spyOn(app.store, "set");
    writer.setAnswer("mailing_addr_same_as_perm_addr", "Y", "Yes");
    expect(Object.fromEntries(set.mock.calls)).toEqual({
      mailing_addr_same_as_perm_addr: "Y",
      mailing_addr_same_as_perm_addr_desc: "Yes",
      mailing_city: "",
      mailing_country: "",
      mailing_country_desc: "",
    });
    await app.store.whenStored();
    expect(await db.answers.get([DEVICE_OWNER, "mailing_city"])).toMatchObject({ value: "" });
  });

  it("writes exactly the changes the engine returns, and tells listeners", () => {
    const apply = vi.fn(() => ({ a: "1", a_desc: "One", b: "" }));
    const set = vi.spyOn(app.store, "set");
    const writer = createAnswerWriter(app.store, pages, apply);
    const heard = vi.fn();
    writer.onWrite(heard);
    const before = app.store.all();
    writer.setAnswer("a", "1", "One");
    expect(apply).toHaveBeenCalledWith(pages, before, "a", "1", { label: "One" });
    expect(set.mock.calls).toEqual([
      ["a", "1"],
      ["a_desc", "One"],
      ["b", ""],
    ]);
    expect(heard).toHaveBeenCalledWith({ a: "1", a_desc: "One", b: "" });
  });

  it("drops control characters typed or pasted, keeping a text area's line breaks", () => {
    const set = vi.spyOn(app.store, "set");
    const writer = createAnswerWriter(app.store, pages);
    writer.setAnswer("city", "Phila\u0000del\u0007phia\r\n");
    writer.setAnswer("hear_about_us_other", "line one\r\nline\u0000 two\u007F");
    expect(set.mock.calls).toEqual([
      ["city", "Philadelphia"],
      ["hear_about_us_other", "line one\nline two"],
    ]);
  });

  it("a store that refuses the write does not throw into the component", async () => {
    const writer = createAnswerWriter(
      { all: () => ({}), set: () => Promise.reject(new Error("QuotaExceededError")) },
      pages,
    );
    expect(() => writer.setAnswer("city", "Rome")).not.toThrow();
  });
});
