import { describe, expect, it } from "vitest";
import { streetLineAfterPlace } from "./street-line";

const philadelphia = { city: "Philadelphia", state: "PA", stateName: "Pennsylvania", zip: "19104" };

describe("the street line once a city/ZIP suggestion fills the place", () => {
  it("keeps nothing of a search for the place itself", () => {
    expect(streetLineAfterPlace("Philadelphia", philadelphia)).toBe("");
    expect(streetLineAfterPlace("philadel", philadelphia)).toBe("");
    expect(streetLineAfterPlace("Philadelphia, PA", philadelphia)).toBe("");
    expect(streetLineAfterPlace("Philadelphia Pennsylvania 19104", philadelphia)).toBe("");
    expect(streetLineAfterPlace("19104", philadelphia)).toBe("");
    expect(streetLineAfterPlace("New  York, NY", { city: "New York", state: "NY", zip: "10001" })).toBe("");
  });

  it("keeps the street typed before the place", () => {
    expect(streetLineAfterPlace("100 College Avenue 19104", philadelphia)).toBe("100 College Avenue");
    expect(streetLineAfterPlace("100 College Avenue, Philadelphia, PA 19104-2301", philadelphia)).toBe(
      "100 College Avenue",
    );
    expect(streetLineAfterPlace("3401 Walnut St Philadelphia", philadelphia)).toBe("3401 Walnut St");
  });

  it("never takes a number or a word that only looks like the place", () => {
    expect(streetLineAfterPlace("191040 Long Road 19104", philadelphia)).toBe("191040 Long Road");
    expect(streetLineAfterPlace("12 Papa Lane", philadelphia)).toBe("12 Papa Lane");
    expect(streetLineAfterPlace("12 Spa", philadelphia)).toBe("12 Spa");
  });
});
