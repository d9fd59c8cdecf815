// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testSnapshotContext } from "../../../tests/helpers/snapshot-context";
import type { FormPage } from "../../form/catalogue-types";
import { answerStore } from "../answers/answer-session";
import { SnapshotContext } from "../profile/snapshot-context";
import { FormPageView } from "./form-page-view";
import { PageRenderedContext } from "./page-rendered";
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

function renderAt(entry: string, shownPage: FormPage = page, markRendered = () => {}) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <PageRenderedContext.Provider value={markRendered}>
        <SnapshotContext.Provider value={testSnapshotContext()}>
          <FormPageView page={shownPage} after={<p>After the form</p>} />
        </SnapshotContext.Provider>
      </PageRenderedContext.Provider>
    </MemoryRouter>,
  );
}

beforeEach(() => answerStore.replaceAll("device", []));
afterEach(cleanup);

describe("a long form page renders progressively (issue 15)", () => {
  it("renders the first question at once, the others soon after, and what follows the form last", async () => {
    renderAt("/about");
    expect(screen.getByRole("textbox", { name: "Question 1.1" })).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Question 1.2" })).toBeNull();
    expect(screen.queryByText("After the form")).toBeNull();
    expect(await screen.findByRole("textbox", { name: "Question 6.4" })).toBeTruthy();
    expect(await screen.findByText("After the form")).toBeTruthy();
    expect(screen.getAllByRole("region")).toHaveLength(6);
  });

  it("tells the layout once its last question is there (the footer waits for it)", async () => {
    let told = 0;
    renderAt("/about", page, () => {
      told += 1;
    });
    expect(told).toBe(0);
    await screen.findByRole("textbox", { name: "Question 6.4" });
    await waitFor(() => expect(told).toBe(1));
  });

  it("renders every section at once for a fragment link, so it lands on its question", () => {
    renderAt("/about#t_5_3");
    expect(screen.getByRole("textbox", { name: "Question 6.4" })).toBeTruthy();
    expect(screen.getAllByRole("region")).toHaveLength(6);
  });

  it("renders a long section a question at a time, in order, its own questions before its tab's", async () => {
    renderAt("/about", longSectionPage);
    expect(screen.getByRole("textbox", { name: "Long 1" })).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Long 2" })).toBeNull();
    expect(screen.getAllByRole("region")).toHaveLength(1);
    expect(await screen.findByRole("textbox", { name: "Tab A 1" })).toBeTruthy();
    const names = screen.getAllByRole("textbox").map((box) => box.getAttribute("id"));
    expect(names).toEqual([...Array.from({ length: 12 }, (_, q) => `long_${q}`), "own_1", "tab_a_1"]);
    expect(screen.queryByRole("textbox", { name: "Tab B 1" })).toBeNull();
  });

  it("once everything is there, a question an answer reveals renders at once and none goes away", async () => {
    renderAt("/about", revealingPage);
    const last = await screen.findByRole("textbox", { name: "Question 6.4" });
    act(() => setAnswer("t_0_0", "yes"));
    expect(screen.getByRole("textbox", { name: "Revealed" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Question 6.4" })).toBe(last);
  });
});
