import { describe, expect, it } from "vitest";
import { mergeServerAnswers } from "./merge-answers";

describe("merging the server's answers into the device's", () => {
  it("takes the server's value unless the device has a change waiting for that field", () => {
    const { merged, changed } = mergeServerAnswers(
      { first_name: "Ada", last_name: "Byron", city: "London" },
      { first_name: "Augusta", last_name: "Lovelace", zip: "10001" },
      new Set(["first_name"]),
    );
    expect(merged).toEqual({ first_name: "Ada", last_name: "Lovelace", city: "London", zip: "10001" });
    expect(changed.sort()).toEqual(["last_name", "zip"]);
  });

  it("reports nothing changed when both sides agree", () => {
    expect(mergeServerAnswers({ a: "1" }, { a: "1" }, new Set()).changed).toEqual([]);
  });
});
