import { describe, expect, it } from "vitest";
import { redactUrlSecrets } from "./log-redaction";

describe("redactUrlSecrets", () => {
  it.each([
    ["/reset?username=a%40b.edu&id=s3cret", "/reset?username=a%40b.edu&id=[redacted]"],
    ["/reset?id=s3cret&username=a%40b.edu", "/reset?id=[redacted]&username=a%40b.edu"],
    ["/public/tmp?token=abc", "/public/tmp?token=[redacted]"],
    ["/service/tmp-pdf?service_token=abc#x", "/service/tmp-pdf?service_token=[redacted]#x"],
    ["/about?valid=1&grid=2", "/about?valid=1&grid=2"],
    ["/api/profile", "/api/profile"],
  ])("%s → %s", (url, expected) => {
    expect(redactUrlSecrets(url)).toBe(expected);
  });
});
