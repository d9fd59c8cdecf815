import { describe, expect, it } from "vitest";
import { deriveWebStatus } from "../profile/client-snapshot";
import { statusesBetween, webStatusRank } from "./web-status";

describe("web status steps", () => {
  it("ranks the statuses as spec §4 counts them", () => {
    expect([null, "started", "validating", "submitted"].map((s) => webStatusRank(s as never))).toEqual([
      0, 1, 2, 3,
    ]);
  });

  it("records every status in between, so the server derives the status reached", () => {
    expect(statusesBetween(null, "validating")).toEqual(["started", "validating"]);
    expect(statusesBetween("started", "validating")).toEqual(["validating"]);
    expect(statusesBetween("validating", "submitted")).toEqual(["submitted"]);
    expect(statusesBetween("validating", "started")).toEqual([]);
    const entries = statusesBetween(null, "validating").map((web_status) => ({ web_status }));
    expect(deriveWebStatus(entries)).toBe("validating");
  });
});
