import { describe, expect, it } from "vitest";
import { anonymousSnapshot } from "../profile/client-snapshot";
import { statusRedirect } from "./use-form-navigation-rules";

const signedIn = { ...anonymousSnapshot(), is_logged_in: true, username: "ada@example.edu" };

describe("where the application's status sends the applicant (spec §2)", () => {
  it("keeps a submitted applicant on /completion", () => {
    const submitted = { ...signedIn, web_status: "submitted" as const };
    expect(statusRedirect(submitted, "/about", "")).toBe("/completion");
    expect(statusRedirect(submitted, "/final-steps", "?x=1")).toBe("/completion");
    expect(statusRedirect(submitted, "/completion", "")).toBeNull();
  });

  it("sends anyone not submitted from /completion to the default route, keeping the query string", () => {
    expect(statusRedirect(anonymousSnapshot(), "/completion", "?token=abc")).toBe("/about?token=abc");
    expect(statusRedirect({ ...signedIn, web_status: "validating" }, "/completion", "")).toBe("/about");
    expect(statusRedirect({ ...signedIn, web_status: "started" }, "/education", "")).toBeNull();
  });
});
