import { describe, expect, it } from "vitest";
import { routingPath } from "./request-path";

describe("routingPath", () => {
  it.each([
    ["/api/answer", "/api/answer"],
    ["/api/profile?x=1", "/api/profile"],
    ["/about#top", "/about"],
    ["/%61pi/logout", "/api/logout"],
    ["/%2561pi/logout", "/%61pi/logout"],
    ["http://admissions.example.edu/api/logout?x=1", "/api/logout"],
    ["/", "/"],
    ["/api/profile?q=%61#%62", "/api/profile"],
    ["/manifest.webmanifest", "/manifest.webmanifest"],
  ])("reads %s as %s", (url, expected) => {
    expect(routingPath(url)).toBe(expected);
  });

  it("keeps a malformed percent-encoding as it is (the router refuses it)", () => {
    expect(routingPath("/api/%E0%A4%A")).toBe("/api/%E0%A4%A");
  });
});
