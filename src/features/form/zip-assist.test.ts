import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formPages } from "../../form/pages/form-pages";
import { answerStore } from "../answers/answer-session";
import { assistZip, zipAssistTargets } from "./zip-assist";

describe("which answers a ZIP fills", () => {
  it("pairs each address's postal code with its own city, state and country", () => {
    const targets = zipAssistTargets(formPages);
    expect(targets.get("zip")).toEqual({ city: "city", state: "state", country: "country" });
    expect(targets.get("mailing_zip")).toEqual({
      city: "mailing_city",
      state: "mailing_state",
      country: "mailing_country",
    });
    expect(targets.get("parent_zip")).toEqual({
      city: "parent_city",
      state: "parent_state",
      country: "parent_country",
    });
    expect(targets.get("parent_2_zip")).toEqual({
      city: "parent_2_city",
      state: "parent_2_state",
      country: "parent_2_country",
    });
  });
});

describe("the ZIP assist", () => {
  const fetchMock = vi.fn();
  const targets = { city: "city", state: "state", country: "country" };

  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ city: "New York", state: "NY", zip: "10001", country: "USA" }), {
        headers: { "Content-Type": "application/json" },
      }),
    );
    answerStore.replaceAll("device", []);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("fills the empty city and state (with the state's label) for a US address", async () => {
    await answerStore.set("country", "USA");
    await answerStore.set("zip", "10001");
    await assistZip("zip", "10001", targets);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe("/lookup/find?id=10001&category=address");
    expect(answerStore.get("city")).toBe("New York");
    expect(answerStore.get("state")).toBe("NY");
    expect(answerStore.get("state_desc")).toBe("New York");
  });

  it("never overwrites what the applicant typed", async () => {
    await answerStore.set("country", "USA");
    await answerStore.set("city", "Manhattan");
    await answerStore.set("zip", "10001");
    await assistZip("zip", "10001", targets);
    expect(answerStore.get("city")).toBe("Manhattan");
    expect(answerStore.get("state")).toBe("NY");
  });

  it("does nothing for another country or an incomplete ZIP", async () => {
    await answerStore.set("country", "CAN");
    await answerStore.set("zip", "10001");
    await assistZip("zip", "10001", targets);
    await answerStore.set("country", "USA");
    await assistZip("zip", "1000", targets);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(answerStore.get("city")).toBe("");
  });

  it("is silent when the lookup fails, and ignores an answer for a ZIP changed meanwhile", async () => {
    await answerStore.set("country", "USA");
    await answerStore.set("zip", "10001");
    fetchMock.mockRejectedValueOnce(new TypeError("offline"));
    await expect(assistZip("zip", "10001", targets)).resolves.toBeUndefined();
    await answerStore.set("zip", "10002");
    await assistZip("zip", "10001", targets);
    expect(answerStore.get("city")).toBe("");
  });
});
