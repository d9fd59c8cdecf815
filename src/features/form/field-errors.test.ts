import { describe, expect, it, vi } from "vitest";
import { type ComputeErrors, FieldErrors } from "./field-errors";

/** A tiny stand-in for the engine: phone format, and "required" for first_name. */
const compute: ComputeErrors = (answers, includeRequired) => {
  const errors: Record<string, string[]> = {};
  const phone = answers.phone_home ?? "";
  if (phone !== "" && !/^\(\d{3}\) \d{3}-\d{4}$/.test(phone))
    errors.phone_home = ["Please enter a valid home phone number."];
  if (includeRequired && (answers.first_name ?? "") === "") errors.first_name = ["Legal First Name"];
  if (answers.birth_date === "incomplete") errors.birth_date = ["A valid date of birth is required."];
  return errors;
};

function setup(initial: Record<string, string> = {}) {
  const answers: Record<string, string> = { ...initial };
  const errors = new FieldErrors(compute, () => ({ ...answers }));
  return { answers, errors };
}

describe("which errors a field shows", () => {
  it("shows nothing before the first Submit, format or required, even once a field is left", () => {
    const { answers, errors } = setup();
    answers.phone_home = "(215) 55";
    errors.edited();
    errors.leave(["phone_home"]);
    errors.leave(["first_name"]);
    expect(errors.get("phone_home")).toEqual([]);
    expect(errors.get("first_name")).toEqual([]);
    answers.birth_date = "incomplete";
    errors.leave(["birth_date"]);
    expect(errors.get("birth_date")).toEqual([]);
  });

  it("shows every error, required ones included, while validating", () => {
    const { errors } = setup({ phone_home: "(215" });
    errors.setValidating(true);
    expect(errors.get("first_name")).toEqual(["Legal First Name"]);
    expect(errors.get("phone_home")).toEqual(["Please enter a valid home phone number."]);
    errors.setValidating(false);
    expect(errors.get("first_name")).toEqual([]);
    expect(errors.get("phone_home")).toEqual([]);
  });

  it("while validating, clears an error as soon as it is fixed, but adds none until the field is left", () => {
    const { answers, errors } = setup({ phone_home: "(215", first_name: "Ada" });
    errors.setValidating(true);
    expect(errors.get("phone_home")).toHaveLength(1);
    answers.phone_home = "(215) 555-0123";
    errors.edited();
    expect(errors.get("phone_home")).toEqual([]);
    answers.phone_home = "(215) 555-012";
    errors.edited();
    expect(errors.get("phone_home")).toEqual([]);
    errors.leave(["phone_home"]);
    expect(errors.get("phone_home")).toHaveLength(1);
  });

  it("keeps a field's new errors back while it is edited, even when a refresh from elsewhere recomputes them", () => {
    const { answers, errors } = setup({ phone_home: "(215) 555-0123", first_name: "Ada" });
    errors.setValidating(true);
    answers.phone_home = "(215) 555-01";
    errors.noteEdited(["phone_home"]);
    errors.changed();
    expect(errors.get("phone_home")).toEqual([]);
    // Other fields are judged in full by the same refresh.
    answers.first_name = "";
    errors.changed();
    expect(errors.get("first_name")).toEqual(["Legal First Name"]);
    errors.leave(["phone_home"]);
    expect(errors.get("phone_home")).toEqual(["Please enter a valid home phone number."]);
  });

  it("tells only the fields whose errors changed, and keeps the same list otherwise", () => {
    const { answers, errors } = setup({ phone_home: "(215", first_name: "Ada" });
    const phone = vi.fn();
    const name = vi.fn();
    errors.subscribe("phone_home", phone);
    errors.subscribe("first_name", name);
    errors.setValidating(true);
    const shown = errors.get("phone_home");
    answers.middle_name = "King";
    errors.leave(["middle_name"]);
    expect(errors.get("phone_home")).toBe(shown);
    expect(phone).toHaveBeenCalledTimes(1);
    expect(name).not.toHaveBeenCalled();
  });
});

describe("what is said aloud", () => {
  it("says a field's new error once, as the applicant leaves it (errors show only while validating)", () => {
    const { answers, errors } = setup({ phone_home: "(215) 555-0123", first_name: "Ada" });
    errors.setValidating(true);
    const heard = vi.fn();
    errors.subscribeAnnouncement(heard);
    answers.phone_home = "(215";
    errors.edited();
    errors.leave(["phone_home"]);
    expect(errors.announcement()).toBe("Error: Please enter a valid home phone number.");
    expect(heard).toHaveBeenCalledTimes(1);
    // Leaving it again with the same error shown says nothing new.
    errors.leave(["phone_home"]);
    expect(heard).toHaveBeenCalledTimes(1);
    // Fixed, then wrong again: said again, as a change the live region speaks.
    answers.phone_home = "(215) 555-0123";
    errors.leave(["phone_home"]);
    answers.phone_home = "(215";
    errors.leave(["phone_home"]);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(errors.announcement().trim()).toBe("Error: Please enter a valid home phone number.");
    expect(errors.announcement()).not.toBe("Error: Please enter a valid home phone number.");
  });

  it("stays silent when validating reveals every field's errors, and for a field left without a new one", () => {
    const { errors } = setup({ phone_home: "(215" });
    const heard = vi.fn();
    errors.subscribeAnnouncement(heard);
    errors.setValidating(true);
    errors.leave(["first_name"]);
    errors.leave(["phone_home"]);
    expect(heard).not.toHaveBeenCalled();
    expect(errors.announcement()).toBe("");
  });
});
