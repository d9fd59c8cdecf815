import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formPages } from "../../form/pages/form-pages";
import { answerStore } from "../answers/answer-session";
import { type ZipOffer, zipAssistTargets } from "./zip-assist";
import { acceptZipOffer, assistZip } from "./zip-lookup";

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

  it("fills the empty half of an address that agrees with the ZIP", async () => {
    await answerStore.set("country", "USA");
    await answerStore.set("city", "new york");
    await answerStore.set("zip", "10001");
    expect(await assistZip("zip", "10001", targets)).toBeNull();
    expect(answerStore.get("city")).toBe("new york");
    expect(answerStore.get("state")).toBe("NY");
  });

  it("changes nothing of an address that says otherwise, and offers the ZIP's city and state", async () => {
    await answerStore.set("country", "USA");
    await answerStore.set("city", "Boston");
    await answerStore.set("zip", "10001");
    const offer = await assistZip("zip", "10001", targets);
    expect(answerStore.get("city")).toBe("Boston");
    expect(answerStore.get("state")).toBe("");
    expect(offer).toEqual({
      zip: "10001",
      label: "New York, NY",
      values: { country: "USA", city: "New York", state: "NY" },
    });
    acceptZipOffer(offer as ZipOffer);
    expect(answerStore.get("city")).toBe("New York");
    expect(answerStore.get("state")).toBe("NY");
    expect(answerStore.get("state_desc")).toBe("New York");
  });

  it("offers instead of filling the city when the state says otherwise", async () => {
    await answerStore.set("country", "USA");
    await answerStore.set("state", "MA");
    await answerStore.set("zip", "10001");
    expect((await assistZip("zip", "10001", targets))?.label).toBe("New York, NY");
    expect(answerStore.get("city")).toBe("");
    expect(answerStore.get("state")).toBe("MA");
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
    await expect(assistZip("zip", "10001", targets)).resolves.toBeNull();
    await answerStore.set("zip", "10002");
    await assistZip("zip", "10001", targets);
    expect(answerStore.get("city")).toBe("");
  });
});
