import { describe, expect, it } from "vitest";
import { saveCount } from "../form/ui-choices";
import { checkApplication, groupErrorsByPage, mergeErrors } from "./application-check";
import { currentServerErrors, recordRefusal, submissionState } from "./submission-state";

const OWNER = "check@example.edu";

describe("the whole-application check", () => {
  it("requires answers on every page for an empty application", async () => {
    const errors = await checkApplication(OWNER, {});
    const pages = groupErrorsByPage(errors).map((group) => group.path);
    expect(pages).toEqual(["/about", "/education", "/final-steps"]);
    expect(errors.app_type?.length).toBeGreaterThan(0);
    expect(errors.legal_agree?.length).toBeGreaterThan(0);
  });

  it("checks the add-another blocks the applicant added, even when empty", async () => {
    const before = Object.keys(await checkApplication(OWNER, {}));
    expect(before.some((key) => key.startsWith("college_2_"))).toBe(false);
    await saveCount(OWNER, "college", 2, async () => {});
    const after = Object.keys(await checkApplication(OWNER, {}));
    expect(after.some((key) => key.startsWith("college_2_"))).toBe(true);
  });

  it("groups each message under its page, linking the question key", () => {
    const groups = groupErrorsByPage({
      legal_agree: ["Please certify."],
      first_name: ["First name is required", "Too long"],
    });
    expect(groups).toEqual([
      {
        path: "/about",
        title: "About You",
        errors: [
          { key: "first_name", message: "First name is required" },
          { key: "first_name", message: "Too long" },
        ],
      },
      {
        path: "/final-steps",
        title: "Final Steps",
        errors: [{ key: "legal_agree", message: "Please certify." }],
      },
    ]);
  });

  it("adds the server's errors to the device's without repeating a message", () => {
    expect(mergeErrors({ a: ["x"] }, { a: ["x", "y"], b: ["z"] })).toEqual({ a: ["x", "y"], b: ["z"] });
  });

  it("forgets a server error once the applicant changes that field", () => {
    const before = submissionState().attempt;
    recordRefusal({ first_name: ["Required"], last_name: ["Required"] }, { first_name: "", last_name: "" });
    expect(submissionState().attempt).toBe(before + 1);
    expect(currentServerErrors({ first_name: "Ada", last_name: "" })).toEqual({ last_name: ["Required"] });
  });
});
