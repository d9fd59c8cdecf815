// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { countries } from "../../form/options/countries";
import { FormEngagedContext } from "./form-engaged";
import { SelectControl } from "./select-control";

afterEach(cleanup);

type CountryProps = { autoComplete?: string; initial?: string; isInvalid?: boolean; isRequired?: boolean };

function Country({ autoComplete, initial = "", isInvalid = false, isRequired = false }: CountryProps) {
  const [value, setValue] = useState(initial);
  return (
    <SelectControl
      id="country"
      label="Country"
      options={countries}
      value={value}
      onChange={setValue}
      isInvalid={isInvalid}
      isRequired={isRequired}
      autoComplete={autoComplete}
    />
  );
}

/** The options of the hidden native select React Aria renders beside the button, for autofill. */
const nativeOptions = () => document.querySelectorAll("select option").length;
const button = () => screen.getByRole("combobox", { name: "Country" });

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

describe("a select's states (issue 30)", () => {
  it("is a combo box named by its label, whose value is the chosen option", () => {
    render(<Country initial="CAN" />);
    expect(button().getAttribute("aria-haspopup")).toBe("listbox");
    expect(button().getAttribute("aria-expanded")).toBe("false");
    expect(button().textContent).toContain("Canada");
  });

  it("exposes required and invalid, as text fields and radios do", () => {
    const { rerender } = render(<Country />);
    expect(button().hasAttribute("aria-required")).toBe(false);
    expect(button().hasAttribute("aria-invalid")).toBe(false);
    rerender(<Country isRequired isInvalid />);
    expect(button().getAttribute("aria-required")).toBe("true");
    expect(button().getAttribute("aria-invalid")).toBe("true");
  });
});
