import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateStoredApplication } from "../../server/services/application-validation";
import { partner } from "../../src/config/partner";
import { validateAnswers } from "../../src/form/engine/validate";
import { formPages } from "../../src/form/pages/form-pages";
import { putAnswers } from "../helpers/api";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";
import { sendJson } from "../helpers/sync";
import { createTestApp, signedInUser, type TestApp } from "../helpers/test-app";

// The server validates a submitted application with the client's own catalogue and engine: the
// same answers give the same messages on both sides.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

const today = new Date("2026-11-21T12:00:00Z");

async function serverAndClient(answers: Record<string, string>) {
  const user = await signedInUser(test);
  const saved = await putAnswers(test, user.cookie, answers);
  expect(saved.statusCode).toBe(200);
  const server = await validateStoredApplication(test.database.db, user.userId, today);
  const client = validateAnswers(formPages, answers, { hostName: partner.name, today });
  return { server, client };
}

describe("the server's validation of stored answers", () => {
  it("asks an empty application for the spec's required answers, as the client does", async () => {
    const { server, client } = await serverAndClient({});
    expect(server).toEqual(client);
    expect(server.app_type).toEqual(["How do you wish to apply?"]);
    expect(server.first_name).toEqual(["Legal First Name"]);
    expect(server.last_name).toEqual(["Last Name"]);
    expect(server.gender).toEqual(["Gender"]);
    expect(server.citizenship_type).toEqual(["Select your citizenship status"]);
    expect(server.on_campus).toEqual(["Do you plan to live on campus?"]);
  });

  it("applies the cross-field rules with their exact messages", async () => {
    const { server, client } = await serverAndClient({
      country: "USA",
      zip: "123",
      phone_home: "(123) 555-0100",
      optin_sms_ind: "true",
      birth_date: "2020-01-01",
      citizenship_type: "2",
    });
    expect(server).toEqual(client);
    expect(server.zip).toContain("ZIP/Postal Code must be at least 5 characters.");
    expect(server.phone_home).toContain("Please enter a valid home phone number.");
    expect(server.phone_mobile).toContain("A cell phone number is required to receive text message updates.");
    expect(server.birth_date).toContain("You must be 13 years or older to apply.");
    expect(server.citizenship).toContain("What is your country of citizenship?");
  });

  it("does not require what is hidden: no citizenship country for a U.S. citizen", async () => {
    const { server } = await serverAndClient({ citizenship_type: "1" });
    expect(server.citizenship).toBeUndefined();
  });

  it("finds nothing missing in a complete application", async () => {
    const { server, client } = await serverAndClient(COMPLETE_APPLICATION);
    expect(server).toStrictEqual({});
    expect(client).toStrictEqual({});
  });

  it("requires the repeated blocks the stored add-another count shows, as the client does", async () => {
    const user = await signedInUser(test);
    await putAnswers(test, user.cookie, COMPLETE_APPLICATION);
    await sendJson(test, user.cookie, "PUT", "/api/add-another", { button_id: "college", num_components: 3 });
    const server = await validateStoredApplication(test.database.db, user.userId, today);
    const client = validateAnswers(
      formPages,
      COMPLETE_APPLICATION,
      { hostName: partner.name, today },
      {
        counts: { college: 3 },
      },
    );
    expect(server).toStrictEqual(client);
    expect(server.college_2_name).toStrictEqual(["College/University 2: Search for Your School"]);
    expect(server.college_3_name).toStrictEqual(["College/University 3: Search for Your School"]);
  });
});
