import { describe, expect, it } from "vitest";
import { firstScreenFile, loginScreenFile, signedInFirstScreen, welcomeBannerFor } from "./first-screens";

describe("which welcome banner a form page shows (spec §2)", () => {
  const applicant = { is_logged_in: true, has_changed_page: false };

  it("shows a visitor the visitor's welcome, even after a change of page", () => {
    expect(welcomeBannerFor({ is_logged_in: false, num_logins: 0, has_changed_page: true })).toBe("visitor");
  });

  it('says "Hello!" after one login and "Welcome Back!" after two, and nothing from the third', () => {
    expect(welcomeBannerFor({ ...applicant, num_logins: 1 })).toBe("hello");
    expect(welcomeBannerFor({ ...applicant, num_logins: 2 })).toBe("welcome-back");
    expect(welcomeBannerFor({ ...applicant, num_logins: 3 })).toBeNull();
    expect(welcomeBannerFor({ ...applicant, num_logins: 12 })).toBeNull();
  });

  it("shows an applicant nothing once they have changed page", () => {
    expect(welcomeBannerFor({ ...applicant, num_logins: 1, has_changed_page: true })).toBeNull();
  });
});

describe("a signed-in applicant's first screen (decision 0018)", () => {
  const open = { num_logins: 1, submitted: false, last_page: null };

  it("carries the banner their sign-in count gives", () => {
    expect(signedInFirstScreen(open, "/about")).toBe("signed-in-hello");
    expect(signedInFirstScreen({ ...open, num_logins: 2 }, "/about")).toBe("signed-in-welcome-back");
    expect(signedInFirstScreen({ ...open, num_logins: 3 }, "/education")).toBe("signed-in");
  });

  it("is the requested page's when the last page is that page, or not a form page", () => {
    expect(signedInFirstScreen({ ...open, last_page: "/education" }, "/education")).toBe("signed-in-hello");
    expect(signedInFirstScreen({ ...open, last_page: "/completion" }, "/about")).toBe("signed-in-hello");
  });

  it("is none when the app would leave the page: submitted, or back to another last page", () => {
    expect(signedInFirstScreen({ ...open, submitted: true }, "/about")).toBeNull();
    expect(signedInFirstScreen({ ...open, last_page: "/final-steps" }, "/about")).toBeNull();
  });

  it("is none for an applicant counted with no login, whose banner would be the visitor's", () => {
    expect(signedInFirstScreen({ ...open, num_logins: 0 }, "/about")).toBeNull();
  });
});

describe("where the build puts the first screens", () => {
  it("keeps a visitor's where it was, and puts each signed-in screen in a folder of its own", () => {
    expect(firstScreenFile("/about", "visitor")).toBe("shells/about.html");
    expect(firstScreenFile("/about", "signed-in-hello")).toBe("shells/signed-in-hello/about.html");
    expect(firstScreenFile("/final-steps", "signed-in")).toBe("shells/signed-in/final-steps.html");
    expect(loginScreenFile()).toBe("shells/login.html");
  });

  it("puts the Spanish ones in a folder of their own, the same layout inside (issue 35)", () => {
    expect(firstScreenFile("/about", "visitor", "es")).toBe("shells/es/about.html");
    expect(firstScreenFile("/about", "signed-in-hello", "es")).toBe("shells/es/signed-in-hello/about.html");
    expect(loginScreenFile("es")).toBe("shells/es/login.html");
  });
});
