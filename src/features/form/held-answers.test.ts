import { afterEach, describe, expect, it, vi } from "vitest";
import { holdAnswer, subscribeHeldAnswers, withHeldAnswers } from "./held-answers";

afterEach(() => holdAnswer("birth_date", null));

describe("values a field holds without storing them", () => {
  it("stand in for the stored answers while held, and go once released", () => {
    const stored = { birth_date: "", first_name: "Ada" };
    holdAnswer("birth_date", "2020-01-01");
    expect(withHeldAnswers(stored)).toEqual({ birth_date: "2020-01-01", first_name: "Ada" });
    // The stored answers themselves are left alone.
    expect(stored.birth_date).toBe("");
    holdAnswer("birth_date", null);
    expect(withHeldAnswers(stored)).toEqual(stored);
  });

  it("tell their listeners of each change, once", () => {
    const listener = vi.fn();
    const stop = subscribeHeldAnswers(listener);
    holdAnswer("birth_date", "incomplete");
    holdAnswer("birth_date", "incomplete");
    expect(listener).toHaveBeenCalledTimes(1);
    holdAnswer("birth_date", null);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    holdAnswer("birth_date", "2001-02-30");
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
