// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testSnapshotContext } from "../../../tests/helpers/snapshot-context";
import type { FormPage } from "../../form/catalogue-types";
import { answerStore } from "../answers/answer-session";
import { SnapshotContext } from "../profile/snapshot-context";
import { FormPageView } from "./form-page-view";
import { PageRenderedContext } from "./page-rendered";
import { collectionsPart } from "./question-parts";
import { setAnswer } from "./set-answer";

// Six sections of four questions.
const page: FormPage = {
  id: "about",
  title: "Long page",
  intro: "",
  sections: Array.from({ length: 6 }, (_, s) => ({
    id: `s${s}`,
    title: `Section ${s + 1}`,
    questions: Array.from({ length: 4 }, (_, q) => ({
      kind: "text" as const,
      key: `t_${s}_${q}`,
      label: `Question ${s + 1}.${q + 1}`,
    })),
  })),
};

const text = (key: string, label: string) => ({ kind: "text" as const, key, label });

// One long section, then a tabbed one.
const longSectionPage: FormPage = {
  id: "about",
  title: "Long section",
  intro: "",
  sections: [
    {
      id: "long",
      title: "Long",
      questions: Array.from({ length: 12 }, (_, q) => text(`long_${q}`, `Long ${q + 1}`)),
    },
    {
      id: "tabbed",
      title: "Tabbed",
      questions: [text("own_1", "Own 1")],
      tabs: {
        tabId: "tabbed_tab",
        defaultTab: "a",
        tabs: [
          { id: "a", label: "Tab A", questions: [text("tab_a_1", "Tab A 1")] },
          { id: "b", label: "Tab B", questions: [text("tab_b_1", "Tab B 1")] },
        ],
      },
    },
  ],
};

// A question that an answer reveals in the first section, once the whole page is there.
const revealingPage: FormPage = {
  ...page,
  sections: page.sections.map((section, index) =>
    index === 0
      ? {
          ...section,
          questions: [
            ...section.questions,
            {
              ...text("revealed", "Revealed"),
              visibleWhen: { valueKey: "t_0_0", operator: "answered" as const },
            },
          ],
        }
      : section,
  ),
};

// The tabbed section alone.
const tabbedPage: FormPage = { ...longSectionPage, sections: longSectionPage.sections.slice(1) };

function renderAt(entry: string, shownPage: FormPage = page, markRendered = () => {}, signedIn = false) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <PageRenderedContext.Provider value={markRendered}>
        <SnapshotContext.Provider value={testSnapshotContext({ is_logged_in: signedIn })}>
          <FormPageView page={shownPage} after={<p>After the form</p>} />
        </SnapshotContext.Provider>
      </PageRenderedContext.Provider>
    </MemoryRouter>,
  );
}

/**
 * Idle moments on demand: each `next()` runs the oldest idle task waiting (one progressive step) and
 * lets React commit what it started; `drain()` runs them until none is left (the page is complete).
 * Every step is made to look slow (10 ms between clock reads), so steps stay one question long, as
 * on a phone. No test here depends on how fast the machine renders (issue 31).
 */
function controlIdleMoments() {
  const waiting = new Map<number, IdleRequestCallback>();
  let handles = 0;
  window.requestIdleCallback = (task) => {
    waiting.set(++handles, task);
    return handles;
  };
  window.cancelIdleCallback = (handle) => void waiting.delete(handle);
  let now = 0;
  vi.spyOn(performance, "now").mockImplementation(() => (now += 10));
  return {
    async next() {
      const [handle, task] = [...waiting][0] ?? [];
      if (!handle || !task) throw new Error("no idle task is waiting");
      waiting.delete(handle);
      await act(async () => task({ didTimeout: false, timeRemaining: () => 50 }));
    },
    async drain() {
      for (let steps = 0; waiting.size > 0; steps++) {
        if (steps > 1_000) throw new Error("the page never stops asking for idle moments");
        await this.next();
      }
    },
  };
}

const textboxIds = () => screen.queryAllByRole("textbox").map((box) => box.getAttribute("id"));

beforeEach(() => answerStore.replaceAll("device", []));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  // @ts-expect-error jsdom has no idle callbacks of its own: the ones a test put there go.
  delete window.requestIdleCallback;
  // @ts-expect-error as above
  delete window.cancelIdleCallback;
});

describe("a long form page renders progressively (issue 15)", () => {
  it("renders the page's frame at once, its questions soon after, and what follows the form last", async () => {
    const idle = controlIdleMoments();
    renderAt("/about");
    // The frame alone replaces the prerendered first screen: the lightest commit there can be.
    expect(screen.getByRole("heading", { level: 1, name: "Long page" })).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByText("After the form")).toBeNull();
    await idle.next();
    expect(screen.getByRole("textbox", { name: "Question 1.1" })).toBeTruthy();
    expect(screen.queryByText("After the form")).toBeNull();
    await idle.drain();
    expect(screen.getByRole("textbox", { name: "Question 6.4" })).toBeTruthy();
    expect(screen.getByText("After the form")).toBeTruthy();
    expect(screen.getAllByRole("region")).toHaveLength(6);
  });

  it("tells the layout once its last question is there (the footer waits for it)", async () => {
    const idle = controlIdleMoments();
    let told = 0;
    renderAt("/about", page, () => {
      told += 1;
    });
    expect(told).toBe(0);
    await idle.next();
    expect(told).toBe(0);
    await idle.drain();
    expect(screen.getByRole("textbox", { name: "Question 6.4" })).toBeTruthy();
    expect(told).toBe(1);
  });

  it("renders every section at once for a fragment link, so it lands on its question", () => {
    renderAt("/about#t_5_3");
    expect(screen.getByRole("textbox", { name: "Question 6.4" })).toBeTruthy();
    expect(screen.getAllByRole("region")).toHaveLength(6);
  });

  it("renders a long section a question at a time, in order, its own questions before its tab's", async () => {
    const idle = controlIdleMoments();
    renderAt("/about", longSectionPage);
    expect(textboxIds()).toEqual([]);
    await idle.next();
    expect(textboxIds()).toEqual(["long_0"]);
    await idle.next();
    expect(textboxIds()).toEqual(["long_0", "long_1"]);
    expect(screen.getAllByRole("region")).toHaveLength(1);
    for (let step = 0; step < 12; step++) await idle.next();
    expect(screen.getByRole("textbox", { name: "Tab A 1" })).toBeTruthy();
    const names = screen.getAllByRole("textbox").map((box) => box.getAttribute("id"));
    expect(names).toEqual([...Array.from({ length: 12 }, (_, q) => `long_${q}`), "own_1", "tab_a_1"]);
    expect(screen.queryByRole("textbox", { name: "Tab B 1" })).toBeNull();
  });

  it("shows a signed-in applicant a tabbed section's own questions, then its tab list, then its tab's", async () => {
    const idle = controlIdleMoments();
    renderAt("/about", tabbedPage, () => {}, true);
    expect(textboxIds()).toEqual([]);
    await idle.next();
    expect(textboxIds()).toEqual(["own_1"]);
    expect(screen.queryByRole("tablist")).toBeNull();
    // The tab list's code is a part loaded apart (question-parts.ts): an idle moment asks for it,
    // and nothing renders meanwhile.
    expect(collectionsPart.loaded()).toBeUndefined();
    await idle.next();
    expect(screen.queryByRole("tablist")).toBeNull();
    await act(() => collectionsPart.load());
    // The tab list commits on its own (React Aria's tabs are as heavy as a question), its panel empty.
    await idle.next();
    expect(screen.getByRole("tablist", { name: "Tabbed" })).toBeTruthy();
    expect(screen.getByRole("tabpanel", { name: "Tab A" })).toBeTruthy();
    expect(textboxIds()).toEqual(["own_1"]);
    await idle.next();
    expect(textboxIds()).toEqual(["own_1", "tab_a_1"]);
    expect(screen.getByText("After the form")).toBeTruthy();
  });

  it("once everything is there, a question an answer reveals renders at once and none goes away", async () => {
    const idle = controlIdleMoments();
    renderAt("/about", revealingPage);
    await idle.drain();
    const last = screen.getByRole("textbox", { name: "Question 6.4" });
    act(() => setAnswer("t_0_0", "yes"));
    expect(screen.getByRole("textbox", { name: "Revealed" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Question 6.4" })).toBe(last);
  });
});
