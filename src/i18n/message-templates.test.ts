import { describe, expect, it } from "vitest";
import { templateMatcher } from "./message-templates";

describe("message templates", () => {
  const match = templateMatcher([
    "Plain text.",
    "This answer is longer than {limit} characters.",
    "Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.",
    "Some answers were not saved: {keys}.",
    "Some answers were not saved: {labels}. Change them.",
  ]);

  it("finds the template a message was made from, with its values (numbers as numbers)", () => {
    expect(match("This answer is longer than 45 characters.")).toEqual({
      id: "This answer is longer than {limit} characters.",
      values: { limit: 45 },
    });
  });

  it("reads a plural's number in whichever form the message used", () => {
    expect(match("Please wait 1 minute and try again.")?.values).toEqual({ minutes: 1 });
    expect(match("Please wait 15 minutes and try again.")?.values).toEqual({ minutes: 15 });
  });

  it("prefers the most specific template, and knows nothing of other messages", () => {
    expect(match("Some answers were not saved: Phone; Email. Change them.")).toEqual({
      id: "Some answers were not saved: {labels}. Change them.",
      values: { labels: "Phone; Email" },
    });
    expect(match("Some answers were not saved: a, b.")?.id).toBe("Some answers were not saved: {keys}.");
    expect(match("Plain text.")).toBeNull();
    expect(match("This answer is longer than 45 characters. And more")).toBeNull();
  });
});
