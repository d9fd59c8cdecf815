import { describe, expect, it } from "vitest";
import {
  anonymousSnapshot,
  countLogins,
  deriveWebStatus,
  serviceUserSnapshot,
  snapshotFromProfile,
  viewerOf,
} from "./client-snapshot";

const entry = (web_status: string) => ({ web_status, created_at: "2026-11-01T00:00:00Z" });

describe("the client snapshot", () => {
  it("derives web status from the distinct known entries", () => {
    expect(deriveWebStatus([])).toBeNull();
    expect(deriveWebStatus([entry("started")])).toBe("started");
    expect(deriveWebStatus([entry("started"), entry("started")])).toBe("started");
    expect(deriveWebStatus([entry("started"), entry("validating")])).toBe("validating");
    expect(deriveWebStatus([entry("started"), entry("validating"), entry("submitted")])).toBe("submitted");
    expect(deriveWebStatus([entry("started"), entry("archived")])).toBe("started");
  });

  it("counts logins, or 1 when none are recorded", () => {
    expect(countLogins([])).toBe(1);
    expect(countLogins([{}, {}, {}])).toBe(3);
  });

  it("builds the snapshot of a signed-in applicant", () => {
    const snapshot = snapshotFromProfile({
      username: "ada@example.edu",
      last_page: "/education",
      successful_login: [{ created_at: "x" }, { created_at: "y" }],
      web_status: [entry("started")],
    });
    expect(snapshot).toEqual({
      web_status: "started",
      last_page: "/education",
      is_logged_in: true,
      username: "ada@example.edu",
      is_service_user: false,
      num_logins: 2,
      has_changed_page: false,
    });
  });

  it("marks a service user, who is not signed in, and makes them the engine's service viewer", () => {
    expect(serviceUserSnapshot()).toEqual({ ...anonymousSnapshot(), is_service_user: true });
    expect(viewerOf(serviceUserSnapshot())).toEqual({ signedIn: false, serviceUser: true });
    expect(viewerOf(anonymousSnapshot())).toEqual({ signedIn: false, serviceUser: false });
  });
});
