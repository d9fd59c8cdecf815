import { describe, expect, it } from "vitest";
import { ServerClock } from "./server-clock";

describe("the server clock estimate", () => {
  it("corrects the local clock by the offset the server reported, from the request's midpoint", () => {
    let local = 10_000;
    const clock = new ServerClock(() => local);
    clock.observe(15_050, 9_900, 10_100);
    expect(clock.now()).toBe(15_050);
    local = 11_000;
    expect(clock.now()).toBe(16_050);
  });

  it("never repeats or goes back, even when the local clock does", () => {
    let local = 5_000;
    const clock = new ServerClock(() => local);
    const first = clock.now();
    local = 4_000;
    expect(clock.now()).toBe(first + 1);
    expect(clock.now()).toBe(first + 2);
  });
});
