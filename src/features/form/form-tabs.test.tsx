// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testSnapshotContext } from "../../../tests/helpers/snapshot-context";
import type { FormPage } from "../../form/catalogue-types";
import { answerStore } from "../answers/answer-session";
import { SnapshotContext } from "../profile/snapshot-context";
import { FormPageView } from "./form-page-view";
import type { TabSwitchHandler } from "./tab-switch";

/** What the page shows after its form once every question has rendered. */
const RENDERED = "Every question rendered";

// jsdom has no CSS.escape, which React Aria's collections use to find an item.
const css = (globalThis.CSS ?? {}) as { escape?: (value: string) => string };
css.escape ??= (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`);
globalThis.CSS = css as typeof CSS;

const page: FormPage = {
  id: "education",
  title: "Test page",
  intro: "",
  sections: [
    {
      id: "transcript",
      title: "Transcript",
      questions: [{ kind: "text", key: "t_school", label: "School" }],
      tabs: {
        tabId: "t_transcript_tab",
        defaultTab: "upload",
        tabs: [
          { id: "upload", label: "Upload", questions: [{ kind: "text", key: "t_file", label: "File name" }] },
          {
            id: "manual",
            label: "Enter manually",
            questions: [{ kind: "text", key: "t_gpa", label: "GPA" }],
          },
        ],
      },
    },
  ],
};

/** Renders the page and waits until every question has (they come a few at a time, issue 15). */
async function renderPage(signedIn: boolean, switchTabs?: TabSwitchHandler) {
  const rendered = render(
    <MemoryRouter initialEntries={["/education"]}>
      <SnapshotContext.Provider value={testSnapshotContext({ is_logged_in: signedIn })}>
        <FormPageView page={page} after={<p>{RENDERED}</p>} {...(switchTabs ? { switchTabs } : {})} />
      </SnapshotContext.Provider>
    </MemoryRouter>,
  );
  await screen.findByText(RENDERED);
  return rendered;
}

/** Arrow to the next tab and choose it with Enter (tabs are chosen manually: leaving clears). */
async function chooseNextTabByKeyboard() {
  const current = screen.getByRole("tab", { selected: true });
  act(() => current.focus());
  fireEvent.keyDown(current, { key: "ArrowRight" });
  fireEvent.keyUp(current, { key: "ArrowRight" });
  const next = document.activeElement as HTMLElement;
  expect(next.getAttribute("role")).toBe("tab");
  expect(next.getAttribute("aria-selected")).toBe("false");
  await act(async () => {
    fireEvent.keyDown(next, { key: "Enter" });
    fireEvent.keyUp(next, { key: "Enter" });
  });
  return next;
}

afterEach(cleanup);

describe("a tabbed section", () => {
  it("shows anonymous visitors the default tab's questions and no tab list", async () => {
    answerStore.replaceAll("device", []);
    await renderPage(false);
    expect(screen.getByRole("textbox", { name: "School" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "File name" })).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "GPA" })).toBeNull();
    expect(screen.queryByRole("tablist")).toBeNull();
    expect(screen.queryByRole("tab")).toBeNull();
  });

  it("lets a signed-in applicant switch tabs by keyboard, clearing the left tab and keeping the choice", async () => {
    answerStore.replaceAll("applicant-1", []);
    await answerStore.set("t_school", "Central High");
    await answerStore.set("t_file", "transcript.pdf");
    const { unmount } = await renderPage(true);

    const list = screen.getByRole("tablist", { name: "Transcript" });
    expect(list).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Upload", selected: true })).toBeTruthy();
    expect(screen.getByRole("tabpanel", { name: "Upload" })).toBeTruthy();

    const chosen = await chooseNextTabByKeyboard();
    expect(chosen.textContent).toBe("Enter manually");
    expect(await screen.findByRole("textbox", { name: "GPA" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Enter manually", selected: true })).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "File name" })).toBeNull();
    expect(answerStore.get("t_file")).toBe("");
    expect(answerStore.get("t_school")).toBe("Central High");

    unmount();
    await renderPage(true);
    expect(await screen.findByRole("textbox", { name: "GPA" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Enter manually", selected: true })).toBeTruthy();
  });

  it("keeps the tab and its answers when the switch is not applied, and an undo restores both", async () => {
    answerStore.replaceAll("applicant-2", []);
    await answerStore.set("t_file", "transcript.pdf");
    let asked: Parameters<TabSwitchHandler>[0] | undefined;
    const switchTabs = vi.fn<TabSwitchHandler>(async (request) => {
      asked = request;
    });
    await renderPage(true, switchTabs);

    await chooseNextTabByKeyboard();
    expect(asked).toMatchObject({ from: "upload", to: "manual", leaving: { t_file: "transcript.pdf" } });
    expect(asked?.section.id).toBe(page.sections[0]?.id);
    expect(screen.getByRole("tab", { name: "Upload", selected: true })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "File name" })).toBeTruthy();
    expect(answerStore.get("t_file")).toBe("transcript.pdf");

    act(() => asked?.apply());
    expect(await screen.findByRole("textbox", { name: "GPA" })).toBeTruthy();
    expect(answerStore.get("t_file")).toBe("");
    act(() => asked?.restore());
    expect(await screen.findByRole("textbox", { name: "File name" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Upload", selected: true })).toBeTruthy();
    expect(answerStore.get("t_file")).toBe("transcript.pdf");
  });
});
