import { describe, expect, it } from "vitest";
import type { FormPage } from "../../form/catalogue-types";
import { educationPage } from "../../form/pages/education";
import {
  adoptServerChoices,
  adoptServerCount,
  adoptServerTab,
  countQueueKey,
  readChoices,
  saveCount,
  saveTab,
  tabQueueKey,
} from "./ui-choices";

const noSend = async () => {};
// A page with a tabbed section, as uploads will bring.
const tabbedPage: FormPage = {
  id: "final-steps",
  title: "Tabbed",
  intro: "",
  sections: [
    {
      id: "essay",
      title: "Essay",
      questions: [],
      tabs: {
        tabId: "essay_tab",
        defaultTab: "upload",
        tabs: [
          { id: "upload", label: "Upload", questions: [] },
          { id: "type", label: "Type it", questions: [] },
        ],
      },
    },
  ],
} as unknown as FormPage;

describe("add-another counts and tab choices on the device", () => {
  it("reads back what was saved, per owner, and queues each change under its own key", async () => {
    const sent: [string, unknown, string][] = [];
    const send = async (kind: string, payload: unknown, key: string) => {
      sent.push([kind, payload, key]);
    };
    await saveCount("ann@example.edu", "college", 2, send);
    await saveTab("ann@example.edu", "essay_tab", "type", send);
    expect(await readChoices("ann@example.edu", [educationPage, tabbedPage])).toEqual({
      counts: { college: 2 },
      tabs: { essay_tab: "type" },
    });
    expect(await readChoices("bob@example.edu", [educationPage, tabbedPage])).toEqual({
      counts: {},
      tabs: {},
    });
    expect(sent).toEqual([
      ["add-another", { button_id: "college", num_components: 2 }, "add-another:college"],
      ["tabs", { tab_id: "essay_tab", chosen_tab: "type" }, "tabs:essay_tab"],
    ]);
  });

  it("folds in the server's copy: its count and its tab, unless a change to them is waiting here", async () => {
    const owner = "cy@example.edu";
    await saveCount(owner, "college", 3, noSend);
    await adoptServerChoices(
      owner,
      { add_another: { college: 3 }, tabs: {} },
      new Set([countQueueKey("college")]),
    );
    expect((await readChoices(owner, [educationPage])).counts).toEqual({ college: 3 });
    // A block removed on another device (issue 37): the lower count is shown here too.
    await adoptServerChoices(
      owner,
      { add_another: { college: 2 }, tabs: { essay_tab: "upload" } },
      new Set(),
    );
    expect(await readChoices(owner, [educationPage, tabbedPage])).toEqual({
      counts: { college: 2 },
      tabs: { essay_tab: "upload" },
    });
    await saveTab(owner, "essay_tab", "type", noSend);
    await adoptServerChoices(
      owner,
      { add_another: { college: 3 }, tabs: { essay_tab: "upload" } },
      new Set([tabQueueKey("essay_tab")]),
    );
    expect((await readChoices(owner, [tabbedPage])).tabs).toEqual({ essay_tab: "type" });
  });

  it("after a failed change is dismissed, shows the server's value again, even a lower count (spec §8 reset)", async () => {
    const owner = "di@example.edu";
    await saveCount(owner, "college", 3, noSend);
    await saveTab(owner, "essay_tab", "type", noSend);
    await adoptServerCount(owner, "college", { college: 2 }, new Set());
    await adoptServerTab(owner, "essay_tab", {}, new Set());
    // The server holds no tab: the default shows (no choice stored); its count of 2 replaces 3.
    expect(await readChoices(owner, [educationPage, tabbedPage])).toEqual({
      counts: { college: 2 },
      tabs: {},
    });
    await adoptServerCount(owner, "college", {}, new Set());
    expect((await readChoices(owner, [educationPage])).counts).toEqual({ college: 1 });
  });

  it("keeps a newer change waiting to be sent over the server's value", async () => {
    const owner = "ed@example.edu";
    await saveCount(owner, "college", 3, noSend);
    await saveTab(owner, "essay_tab", "type", noSend);
    await adoptServerCount(owner, "college", { college: 1 }, new Set([countQueueKey("college")]));
    await adoptServerTab(owner, "essay_tab", { essay_tab: "upload" }, new Set([tabQueueKey("essay_tab")]));
    expect(await readChoices(owner, [educationPage, tabbedPage])).toEqual({
      counts: { college: 3 },
      tabs: { essay_tab: "type" },
    });
  });
});
