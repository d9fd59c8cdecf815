// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testSnapshotContext } from "../../../tests/helpers/snapshot-context";
import type { FormPage } from "../../form/catalogue-types";
import { LOOKUP_LIST_HEADER, LOOKUP_NO_LIST, NO_SCHOOL_LIST_MESSAGE } from "../../shared/lookup-types";
import { answerStore } from "../answers/answer-session";
import { SnapshotContext } from "../profile/snapshot-context";
import { FormPageView } from "./form-page-view";

// jsdom has no CSS.escape, which React Aria's popover uses.
const css = (globalThis.CSS ?? {}) as { escape?: (value: string) => string };
css.escape ??= (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`);
globalThis.CSS = css as typeof CSS;

const page: FormPage = {
  id: "education",
  title: "Test page",
  intro: "",
  sections: [
    {
      id: "school",
      title: "School",
      questions: [
        {
          kind: "autocomplete",
          key: "t_school",
          label: "Search for Your School",
          category: "hs_ceeb",
          idKey: "t_ceeb",
          fills: { name: "t_school", city: "t_school_city" },
        },
        { kind: "text", key: "t_school_city", label: "School City" },
      ],
    },
  ],
};

/** A street line whose suggestions are places (city, state and ZIP), as `category: "address"`. */
const addressPage: FormPage = {
  id: "about",
  title: "Test address page",
  intro: "",
  sections: [
    {
      id: "home",
      title: "Home",
      questions: [
        {
          kind: "autocomplete",
          key: "t_address_line_1",
          label: "Address",
          category: "address",
          fills: { city: "t_city", state: "t_state", zip: "t_zip", country: "t_country" },
        },
        { kind: "text", key: "t_city", label: "City" },
        { kind: "text", key: "t_state", label: "State" },
        { kind: "text", key: "t_zip", label: "ZIP" },
        { kind: "text", key: "t_country", label: "Country" },
      ],
    },
  ],
};

const fetchMock = vi.fn(async (url: string) => {
  const query = new URL(url, "http://localhost").searchParams;
  if (query.get("category") === "address") {
    if (query.has("text")) {
      return Response.json([{ text: "Philadelphia, PA 19104", id: "19104", sub_text: "United States" }]);
    }
    return Response.json({ city: "Philadelphia", state: "PA", zip: "19104", country: "USA" });
  }
  if (query.has("text")) {
    return Response.json([
      { text: "Central High School", id: "123456", sub_text: "Springfield, IL" },
      { text: "Central Catholic", id: "654321", sub_text: "Peoria, IL" },
    ]);
  }
  return Response.json({ name: "Central High School (Springfield)", city: "Springfield" });
});

beforeEach(() => {
  answerStore.replaceAll("device", []);
  // Back to the default answers (a test may have made every call fail).
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders the page and focuses its combobox once it has rendered (questions come a step at a time). */
async function renderPage(shown = page, name = "Search for Your School") {
  render(
    <MemoryRouter>
      <SnapshotContext.Provider value={testSnapshotContext()}>
        <FormPageView page={shown} />
      </SnapshotContext.Provider>
    </MemoryRouter>,
  );
  const input = await screen.findByRole("combobox", { name });
  act(() => input.focus());
  return input;
}

describe("an autocomplete question", () => {
  it("keeps free text, asks once typing pauses, and fills the related answers from a choice", async () => {
    const input = await renderPage();
    fireEvent.change(input, { target: { value: "Cen" } });
    fireEvent.change(input, { target: { value: "Central" } });
    expect(answerStore.get("t_school")).toBe("Central");
    await screen.findByRole("option", { name: /Central High School/ });
    // One search for the text typed last, with the spec's limit.
    const searches = fetchMock.mock.calls.filter(([url]) => String(url).includes("text="));
    expect(searches.map(([url]) => String(url))).toEqual([
      "/lookup/find?text=Central&category=hs_ceeb&max_results=5",
    ]);

    fireEvent.click(screen.getByRole("option", { name: /Central High School/ }));
    await waitFor(() => expect(answerStore.get("t_school_city")).toBe("Springfield"));
    expect(answerStore.get("t_ceeb")).toBe("123456");
    expect(answerStore.get("t_school")).toBe("Central High School (Springfield)");
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe("/lookup/find?id=123456&category=hs_ceeb");

    // Typing over a chosen school clears what came with it, and keeps the new text.
    fireEvent.change(input, { target: { value: "Centra" } });
    expect(answerStore.get("t_school")).toBe("Centra");
    expect(answerStore.get("t_ceeb")).toBe("");
    expect(answerStore.get("t_school_city")).toBe("");
  });

  it("stays quiet when the lookup fails: no suggestions, the typed text kept", async () => {
    fetchMock.mockRejectedValue(new TypeError("offline"));
    const input = await renderPage();
    fireEvent.change(input, { target: { value: "Central" } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The refused fetch is handled in promise callbacks, which all run before the next task: no
    // time is guessed here, however slow the machine.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole("option")).toBeNull();
    expect(answerStore.get("t_school")).toBe("Central");
    expect((input as HTMLInputElement).value).toBe("Central");
  });

  it("says that there is no list when the server has none, and keeps the typed name", async () => {
    fetchMock.mockResolvedValue(Response.json([], { headers: { [LOOKUP_LIST_HEADER]: LOOKUP_NO_LIST } }));
    const input = await renderPage();
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("");
    fireEvent.change(input, { target: { value: "Central" } });
    await waitFor(() => expect(status.textContent).toBe(NO_SCHOOL_LIST_MESSAGE));
    expect(screen.queryByRole("option")).toBeNull();
    expect(answerStore.get("t_school")).toBe("Central");
  });

  it("says nothing of the kind when a list has no match, or the lookup fails", async () => {
    fetchMock.mockResolvedValueOnce(Response.json([]));
    fetchMock.mockRejectedValueOnce(new TypeError("offline"));
    const input = await renderPage();
    fireEvent.change(input, { target: { value: "Zzz" } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    fireEvent.change(input, { target: { value: "Zzzq" } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("fills a place's city, state, ZIP and country from a city suggestion, and keeps the street line for the street", async () => {
    const input = await renderPage(addressPage, "Address");
    fireEvent.change(input, { target: { value: "100 College Avenue Philadelphia" } });
    const option = await screen.findByRole("option", { name: /Philadelphia, PA 19104/ });
    act(() => option.focus());
    fireEvent.click(option);
    await waitFor(() => expect(answerStore.get("t_zip")).toBe("19104"));
    expect(answerStore.get("t_city")).toBe("Philadelphia");
    expect(answerStore.get("t_state")).toBe("PA");
    expect(answerStore.get("t_country")).toBe("USA");
    await waitFor(() => expect(answerStore.get("t_address_line_1")).toBe("100 College Avenue"));
    expect((input as HTMLInputElement).value).toBe("100 College Avenue");
    expect(document.activeElement).toBe(input);
  });
});
