import { describe, expect, it } from "vitest";
import { isOutsideHref } from "./router-href";

describe("which hrefs leave the app", () => {
  it("passes other schemes and other hosts through unchanged", () => {
    for (const href of [
      "mailto:admissions-help@northbridge.example",
      "tel:+15550102030",
      "https://get.adobe.com/reader/",
      "http://example.edu",
      "//cdn.example/x",
    ]) {
      expect(isOutsideHref(href), href).toBe(true);
    }
  });

  it("keeps the app's own paths for the router", () => {
    for (const href of ["/about", "/about#last_name", "signup", "?token=x", "#main", "/login?x=mailto:y"]) {
      expect(isOutsideHref(href), href).toBe(false);
    }
  });
});
