// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { countries } from "../../form/options/countries";
import { FormEngagedContext } from "./form-engaged";
import { SelectControl } from "./select-control";

afterEach(cleanup);

function Country({ autoComplete, initial = "" }: { autoComplete?: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <SelectControl
      id="country"
      label="Country"
      options={countries}
      value={value}
      onChange={setValue}
      isInvalid={false}
      autoComplete={autoComplete}
    />
  );
}

/** The options of the hidden native select React Aria renders beside the button, for autofill. */
const nativeOptions = () => document.querySelectorAll("select option").length;
const button = () => screen.getByRole("button", { name: /Country/ });

// Opening the list is a browser test's (tests/e2e): jsdom lacks what React Aria's popover needs.
describe("a select (issue 15: its list is built when the applicant comes near it)", () => {
  it("shows the chosen option while nobody has come near it, with a short list behind it", () => {
    render(<Country initial="CAN" />);
    expect(button().textContent).toContain("Canada");
    // The native select's blank option, "--", and the chosen one: not 250 countries.
    expect(nativeOptions()).toBeLessThanOrEqual(3);
  });

  it("has every option once focused, so that typing a letter chooses from all of them", async () => {
    render(<Country />);
    act(() => button().focus());
    await waitFor(() => expect(nativeOptions()).toBeGreaterThan(countries.length));
    fireEvent.keyDown(button(), { key: "Z" });
    fireEvent.keyUp(button(), { key: "Z" });
    await waitFor(() => expect(button().textContent).toContain("Zambia"));
  });

  it("gets every option for autofill once any question of the form has been focused", async () => {
    const { rerender } = render(
      <FormEngagedContext.Provider value={false}>
        <Country autoComplete="country" />
      </FormEngagedContext.Provider>,
    );
    expect(nativeOptions()).toBeLessThanOrEqual(3);
    rerender(
      <FormEngagedContext.Provider value={true}>
        <Country autoComplete="country" />
      </FormEngagedContext.Provider>,
    );
    await waitFor(() => expect(nativeOptions()).toBeGreaterThan(countries.length));
    // Autofill sets the native select; the choice shows on the button.
    const select = document.querySelector("select") as HTMLSelectElement;
    fireEvent.change(select, { target: { value: "MEX" } });
    await waitFor(() => expect(button().textContent).toContain("Mexico"));
  });
});
