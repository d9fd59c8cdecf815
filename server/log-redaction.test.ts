import { describe, expect, it } from "vitest";
import { redactUrlSecrets } from "./log-redaction";

describe("redactUrlSecrets", () => {
  it.each([
    ["/reset?username=a%40b.edu&id=s3cret", "/reset?username=a%40b.edu&id=[redacted]"],
    ["/reset?id=s3cret&username=a%40b.edu", "/reset?id=[redacted]&username=a%40b.edu"],
    ["/public/tmp?token=abc", "/public/tmp?token=[redacted]"],
    ["/service/tmp-pdf?service_token=abc#x", "/service/tmp-pdf?service_token=[redacted]#x"],
    ["/lookup/find?text=12%20Elm%20St&category=address", "/lookup/find?text=[redacted]&category=address"],
    ["/about?valid=1&grid=2&context=3", "/about?valid=1&grid=2&context=3"],
    ["/api/profile", "/api/profile"],
  ])("%s → %s", (url, expected) => {
    expect(redactUrlSecrets(url)).toBe(expected);
  });
});
