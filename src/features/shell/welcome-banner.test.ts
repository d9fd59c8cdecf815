import { describe, expect, it } from "vitest";
import { anonymousSnapshot } from "../profile/client-snapshot";
import { shouldShowWelcome } from "./welcome-banner";

const signedIn = { ...anonymousSnapshot(), is_logged_in: true, username: "ada@example.edu" };

describe("when the welcome banner shows (spec §2)", () => {
  it("always shows to a visitor who is not signed in", () => {
    expect(shouldShowWelcome({ ...anonymousSnapshot(), has_changed_page: true })).toBe(true);
  });

  it("shows to an applicant with fewer than 3 logins until they change page", () => {
    expect(shouldShowWelcome({ ...signedIn, num_logins: 1 })).toBe(true);
    expect(shouldShowWelcome({ ...signedIn, num_logins: 2 })).toBe(true);
    expect(shouldShowWelcome({ ...signedIn, num_logins: 2, has_changed_page: true })).toBe(false);
    expect(shouldShowWelcome({ ...signedIn, num_logins: 3 })).toBe(false);
  });
});
