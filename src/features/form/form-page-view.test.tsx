// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testSnapshotContext } from "../../../tests/helpers/snapshot-context";
import type { FormPage } from "../../form/catalogue-types";
import { answerStore } from "../answers/answer-session";
import type { ClientSnapshot } from "../profile/client-snapshot";
import { SnapshotContext } from "../profile/snapshot-context";
import { FormPageView } from "./form-page-view";

/** What the page shows after its form once every question has rendered. */
const RENDERED = "Every question rendered";

const page: FormPage = {
  id: "final-steps",
  title: "Test page",
  intro: "",
  sections: [
    {
      id: "conduct",
      title: "Conduct",
      questions: [
        {
          kind: "radio",
          key: "t_charges",
          label: "Are charges pending?",
          options: { list: "yesNo" },
          checks: [{ type: "required" }],
        },
        {
          kind: "textarea",
          key: "t_comment",
          label: "Please explain",
          maxLength: 20,
          visibleWhen: { valueKey: "t_charges", operator: "equals", target: "Y" },
          checks: [{ type: "required" }],
        },
        {
          kind: "select",
          key: "t_state",
          label: "State",
          options: { list: "usStates" },
          checks: [{ type: "required", when: { valueKey: "t_charges", operator: "equals", target: "N" } }],
        },
        { kind: "text", key: "t_name", label: "Name", checks: [{ type: "required" }] },
        {
          kind: "text",
          key: "t_code",
          label: "Code",
          checks: [{ type: "pattern", regex: "^\\d+$", message: "Please use digits only." }],
        },
        {
          kind: "monthYear",
          key: "t_grad",
          monthKey: "t_grad_month",
          yearKey: "t_grad_year",
          label: "Graduation date",
          years: { count: 5, direction: "past", start: 2025 },
          checks: [{ type: "custom", check: "monthYearPair" }],
        },
      ],
    },
  ],
};

/** Renders the page and waits until every question has (they come a few at a time, issue 15). */
async function renderPage(snapshot: Partial<ClientSnapshot> = {}) {
  const rendered = render(
    <MemoryRouter initialEntries={["/final-steps"]}>
      <SnapshotContext.Provider value={testSnapshotContext(snapshot)}>
        <FormPageView page={page} after={<p>{RENDERED}</p>} />
      </SnapshotContext.Provider>
    </MemoryRouter>,
  );
  await screen.findByText(RENDERED);
  return rendered;
}

beforeEach(() => answerStore.replaceAll("device", []));
afterEach(cleanup);

describe("a form page", () => {
  it("shows a question once the answer it depends on is chosen", async () => {
    await renderPage();
    expect(screen.queryByRole("textbox", { name: "Please explain" })).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "Yes" }));
    expect(await screen.findByRole("textbox", { name: "Please explain" })).toBeTruthy();
    expect(answerStore.get("t_charges")).toBe("Y");
  });

  it("counts a long answer's characters, and announces the count only near the limit", async () => {
    await answerStore.set("t_charges", "Y");
    await renderPage();
    const comment = screen.getByRole("textbox", { name: "Please explain" });
    expect(comment.getAttribute("rows")).toBe("6");
    expect(comment.getAttribute("maxlength")).toBe("20");
    fireEvent.change(comment, { target: { value: "Short" } });
    const counter = screen.getByText("Character count: 5 / 20");
    expect(counter.getAttribute("aria-live")).toBe("off");
    fireEvent.change(comment, { target: { value: "Almost at the limit" } });
    expect(screen.getByText("Character count: 19 / 20").getAttribute("aria-live")).toBe("polite");
    expect(answerStore.get("t_comment")).toBe("Almost at the limit");
  });

  it("shows required errors only while the application is validating, linked to their fields", async () => {
    const { unmount } = await renderPage();
    fireEvent.blur(screen.getByRole("textbox", { name: "Name" }));
    expect(screen.queryByText("Name", { selector: ".field__error-line" })).toBeNull();
    unmount();

    await renderPage({ web_status: "validating", is_logged_in: true });
    const name = screen.getByRole("textbox", { name: "Name" });
    const error = await screen.findByText("Name", { selector: ".field__error-line" });
    expect(name.getAttribute("aria-invalid")).toBe("true");
    const describedBy = name.getAttribute("aria-describedby") ?? "";
    expect(describedBy.split(" ").map((id) => document.getElementById(id)?.textContent)).toContain(
      error.closest(".field__error")?.textContent,
    );
    expect(screen.getByText("Are charges pending?", { selector: ".field__error-line" })).toBeTruthy();

    // Fixed while validating: the error goes once typing pauses.
    fireEvent.change(name, { target: { value: "Ada" } });
    await waitFor(() => expect(screen.queryByText("Name", { selector: ".field__error-line" })).toBeNull());
  });

  it("groups a month and a year under one legend, with their errors described once for both", async () => {
    await answerStore.set("t_grad_month", "5");
    await renderPage({ web_status: "validating", is_logged_in: true });
    const group = screen.getByRole("group", { name: "Graduation date" });
    const month = document.getElementById("t_grad_month");
    const year = document.getElementById("t_grad_year");
    expect(month?.textContent).toContain("May");
    expect(year?.textContent).toContain("--");
    const error = await screen.findByText("Graduation date", { selector: ".field__error-line" });
    const errorId = error.parentElement?.id ?? "";
    expect(errorId).not.toBe("");
    for (const element of [group, month, year]) {
      expect(element?.getAttribute("aria-describedby")?.split(" ")).toContain(errorId);
    }
  });

  it("marks required questions once, at the top and beside each label, and exposes the state", async () => {
    await renderPage();
    expect(screen.getAllByText(/Questions marked with an asterisk/)).toHaveLength(1);
    const charges = screen.getByRole("radiogroup", { name: "Are charges pending?" });
    expect(charges.getAttribute("aria-required")).toBe("true");
    expect(charges.textContent).toContain("Are charges pending? *");
    // The mark is not part of the name, and an optional question has none.
    const name = screen.getByRole("textbox", { name: "Name" });
    expect(name.getAttribute("aria-required")).toBe("true");
    // Required is a state, not an error: nothing is invalid before the applicant has done anything.
    fireEvent.focus(name);
    fireEvent.focusOut(name);
    expect(name.hasAttribute("aria-invalid")).toBe(false);
    expect(document.querySelector(".field__error")).toBeNull();
    const stateRequired = () => document.getElementById("t_state")?.getAttribute("aria-required") ?? null;
    expect(stateRequired()).toBeNull();
    // A requirement with a condition appears when it holds, on a select's combo box too.
    fireEvent.click(screen.getByRole("radio", { name: "No" }));
    await waitFor(() => expect(stateRequired()).toBe("true"));
    // A question that appears with its answer is required from the start.
    fireEvent.click(screen.getByRole("radio", { name: "Yes" }));
    const comment = await screen.findByRole("textbox", { name: "Please explain" });
    expect(comment.getAttribute("aria-required")).toBe("true");
  });

  it('starts each error with a hidden "Error:", outside any live region, and says a new one as the field is left', async () => {
    const { unmount } = await renderPage({ web_status: "validating", is_logged_in: true });
    const error = await screen.findByText("Name", { selector: ".field__error-line" });
    const message = error.closest(".field__error");
    expect(message?.textContent).toBe("Error: Name");
    expect(message?.closest("[aria-live]")).toBeNull();
    // Validating shows every error, and says none of them.
    expect(document.querySelector("p[aria-live=polite]")?.textContent).toBe("");
    unmount();

    // A new error as the applicant leaves the field is said, once, by the page (errors show, and
    // so are said, only while validating).
    await renderPage({ web_status: "validating", is_logged_in: true });
    const code = screen.getByRole("textbox", { name: "Code" });
    fireEvent.change(code, { target: { value: "abc" } });
    await act(async () => {
      fireEvent.focus(code);
      fireEvent.focusOut(code);
    });
    expect(code.getAttribute("aria-invalid")).toBe("true");
    expect(document.querySelector("p[aria-live=polite]")?.textContent).toBe("Error: Please use digits only.");
  });
});
