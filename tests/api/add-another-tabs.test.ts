import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormPage } from "../../src/form/catalogue-types";
import { CLIENT_HEADER } from "../../src/shared/constants";
import { SUBMITTED_READ_ONLY_MESSAGE, UNAUTHORIZED_MESSAGE } from "../../src/shared/messages";
import { getProfile, type ProfileBody, putAnswers } from "../helpers/api";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";
import { sendJson, storedKeys } from "../helpers/sync";
import {
  clientHeaders,
  createTestApp,
  idempotencyKey,
  signedInUser,
  type TestApp,
} from "../helpers/test-app";

// GET and PUT /api/add-another and /api/tabs (spec §3, §4, §7; docs/decisions/0005-submission.md).

const COUNT_SAVED = "Your number of entries has been saved.";
const TAB_SAVED = "Your choice of tab has been saved.";

/**
 * The tabs tests use this catalogue, whose tabs hold required questions (today's personal statement
 * holds none): a transcript either uploaded or typed in. Its questions borrow real answer keys
 * (PUT /api/answer accepts only those).
 */
const tabbedCatalogue: readonly FormPage[] = [
  {
    id: "education",
    title: "Your Academics",
    intro: "",
    sections: [
      {
        id: "transcript",
        title: "Transcript",
        questions: [],
        tabs: {
          tabId: "transcript_tab",
          defaultTab: "upload",
          tabs: [
            {
              id: "upload",
              label: "Upload",
              questions: [
                {
                  kind: "text",
                  key: "college_name",
                  label: "Transcript file",
                  checks: [{ type: "required" }],
                },
              ],
            },
            {
              id: "manual",
              label: "Enter manually",
              questions: [
                { kind: "text", key: "college_gpa", label: "Cumulative GPA", checks: [{ type: "required" }] },
              ],
            },
          ],
        },
      },
    ],
  },
];

let test: TestApp;
let tabbed: TestApp;
beforeAll(async () => {
  [test, tabbed] = await Promise.all([createTestApp(), createTestApp({ catalogue: tabbedCatalogue })]);
});
afterAll(async () => {
  await Promise.all([test?.close(), tabbed?.close()]);
});

type Options = { key?: string; headers?: Record<string, string> };

function putCount(cookie: string, body: unknown, options: Options = {}, on: TestApp = test) {
  return sendJson(on, cookie, "PUT", "/api/add-another", body, options);
}

function putTab(cookie: string, body: unknown, options: Options = {}) {
  return sendJson(tabbed, cookie, "PUT", "/api/tabs", body, options);
}

async function getJson(on: TestApp, cookie: string, url: string) {
  const response = await on.app.inject({ method: "GET", url, headers: clientHeaders(cookie) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const counts = (cookie: string) => getJson(test, cookie, "/api/add-another");
const tabs = (cookie: string) => getJson(tabbed, cookie, "/api/tabs");

function expectRefusal(response: LightMyRequestResponse, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toStrictEqual({ message });
}

function expectReadOnly(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json()).toStrictEqual({ message: SUBMITTED_READ_ONLY_MESSAGE, submitted: true });
}

async function submitted(on: TestApp, answers: Record<string, string>) {
  const user = await signedInUser(on);
  expect((await putAnswers(on, user.cookie, answers)).statusCode).toBe(200);
  const response = await sendJson(on, user.cookie, "POST", "/api/submit", {});
  expect(response.statusCode, response.body).toBe(200);
  return user;
}

describe("GET and PUT /api/add-another", () => {
  it("answers no counts for a fresh applicant", async () => {
    const user = await signedInUser(test);
    expect(await counts(user.cookie)).toStrictEqual({ add_another: {} });
  });

  it("stores a count, answers it, and shows it in GET and the profile", async () => {
    const user = await signedInUser(test);
    const response = await putCount(user.cookie, { button_id: "college", num_components: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toStrictEqual({ message: COUNT_SAVED, button_id: "college", num_components: 2 });
    await putCount(user.cookie, { button_id: "legacy", num_components: 4 });
    expect(await counts(user.cookie)).toStrictEqual({ add_another: { college: 2, legacy: 4 } });
    const profile = (await getProfile(test, user.cookie)).json() as ProfileBody;
    expect(profile.add_another).toStrictEqual({ college: 2, legacy: 4 });
    expect(await counts((await signedInUser(test)).cookie)).toStrictEqual({ add_another: {} });
  });

  it("accepts the camelCase spelling, and both spellings when they agree", async () => {
    const user = await signedInUser(test);
    const camel = await putCount(user.cookie, { buttonId: "legacy", numComponents: 3 });
    expect(camel.statusCode, camel.body).toBe(200);
    expect(camel.json()).toStrictEqual({ message: COUNT_SAVED, button_id: "legacy", num_components: 3 });
    const both = await putCount(user.cookie, {
      button_id: "college",
      buttonId: "college",
      num_components: 2,
      numComponents: 2,
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(await counts(user.cookie)).toStrictEqual({ add_another: { legacy: 3, college: 2 } });
  });

  it("stores a lower count: a block the applicant removed is gone on every device (issue 37, point 9)", async () => {
    const user = await signedInUser(test);
    expect(
      (await putCount(user.cookie, { button_id: "legacy", num_components: 3 })).json().num_components,
    ).toBe(3);
    const removed = await putCount(user.cookie, { button_id: "legacy", num_components: 2 });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toStrictEqual({ message: COUNT_SAVED, button_id: "legacy", num_components: 2 });
    expect(await counts(user.cookie)).toStrictEqual({ add_another: { legacy: 2 } });
    expect(
      (await putCount(user.cookie, { button_id: "legacy", num_components: 1 })).json().num_components,
    ).toBe(1);
    expect(await counts(user.cookie)).toStrictEqual({ add_another: { legacy: 1 } });
  });

  it("two devices adding the same block at once store one count", async () => {
    const user = await signedInUser(test);
    const responses = await Promise.all(
      [2, 2].map((n) => putCount(user.cookie, { button_id: "legacy", num_components: n })),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(await counts(user.cookie)).toStrictEqual({ add_another: { legacy: 2 } });
  });

  const BAD_BUTTON = "button_id must name an add-another button of the form: legacy, college.";
  it.each([
    ["an unknown button", { button_id: "pets", num_components: 2 }],
    ["a tab id", { button_id: "transcript_tab", num_components: 2 }],
    ["an empty button id", { button_id: "", num_components: 2 }],
    ["a number", { button_id: 1, num_components: 2 }],
    ["no button id", { num_components: 2 }],
  ])("refuses %s with a message listing the buttons, and stores nothing", async (_label, body) => {
    const user = await signedInUser(test);
    expectRefusal(await putCount(user.cookie, body), BAD_BUTTON);
    expect(await counts(user.cookie)).toStrictEqual({ add_another: {} });
  });

  it.each([
    ["zero", "college", 0],
    ["above the college capacity (3)", "college", 4],
    ["above the legacy capacity (4)", "legacy", 5],
    ["above the spec's maximum", "legacy", 11],
    ["negative", "legacy", -1],
    ["a fraction", "legacy", 1.5],
    ["text", "legacy", "2"],
    ["null", "legacy", null],
    ["missing", "legacy", undefined],
  ])("refuses a count that is %s, naming the allowed range", async (_label, button, count) => {
    const user = await signedInUser(test);
    const response = await putCount(user.cookie, { button_id: button, num_components: count });
    const capacity = button === "college" ? 3 : 4;
    expectRefusal(response, `num_components for "${button}" must be a whole number from 1 to ${capacity}.`);
    expect(await counts(user.cookie)).toStrictEqual({ add_another: {} });
  });

  it.each([
    [
      "an array",
      [{ button_id: "legacy", num_components: 2 }],
      "The add-another request must be a JSON object",
    ],
    ["a string", "legacy", "The add-another request must be a JSON object"],
    [
      "an unexpected field",
      { button_id: "legacy", num_components: 2, label: "x" },
      "The add-another request holds only button_id, num_components (or buttonId, numComponents); unexpected: label.",
    ],
    [
      "spellings that disagree",
      { button_id: "legacy", buttonId: "college", num_components: 2 },
      "Send button_id or buttonId, not both with different values.",
    ],
  ])("refuses %s", async (_label, body, fragment) => {
    const user = await signedInUser(test);
    const response = await putCount(user.cookie, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toStrictEqual(["message"]);
    expect(response.json().message).toContain(fragment);
  });

  it("replays a repeated Idempotency-Key (either spelling) and refuses it for another count (422)", async () => {
    const user = await signedInUser(test);
    const key = idempotencyKey();
    const first = await putCount(user.cookie, { button_id: "legacy", num_components: 2 }, { key });
    expect(first.statusCode).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await putCount(user.cookie, { buttonId: "legacy", numComponents: 2 }, { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toStrictEqual(first.json());
    const other = await putCount(user.cookie, { button_id: "legacy", num_components: 3 }, { key });
    expect(other.statusCode).toBe(422);
    expect(await counts(user.cookie)).toStrictEqual({ add_another: { legacy: 2 } });
    expect(await storedKeys(test, user.userId)).toStrictEqual({ [key]: 200 });
  });

  it("refuses a malformed Idempotency-Key", async () => {
    const user = await signedInUser(test);
    const response = await putCount(user.cookie, { button_id: "legacy", num_components: 2 }, { key: "a b" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("Idempotency-Key");
  });

  it("is read-only once submitted (409), and the refusal stores no outcome under its key", async () => {
    const user = await submitted(test, COMPLETE_APPLICATION);
    const key = idempotencyKey();
    expectReadOnly(await putCount(user.cookie, { button_id: "college", num_components: 2 }, { key }));
    expectReadOnly(await putCount(user.cookie, { button_id: "college", num_components: 2 }, { key }));
    expect(await storedKeys(test, user.userId)).not.toHaveProperty(key);
    expect(await counts(user.cookie)).toStrictEqual({ add_another: {} });
  });

  it("answers 401 without a session", async () => {
    const get = await test.app.inject({
      method: "GET",
      url: "/api/add-another",
      headers: { [CLIENT_HEADER]: "1" },
    });
    expect(get.statusCode).toBe(401);
    expect(get.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
    const put = await putCount("", { button_id: "legacy", num_components: 2 });
    expect(put.statusCode).toBe(401);
    expect(put.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
  });

  it("answers 403 without the client header and stores nothing", async () => {
    const user = await signedInUser(test);
    const response = await putCount(
      user.cookie,
      { button_id: "legacy", num_components: 2 },
      { headers: { [CLIENT_HEADER]: "0" } },
    );
    expect(response.statusCode).toBe(403);
    expect(await counts(user.cookie)).toStrictEqual({ add_another: {} });
  });
});

describe("GET and PUT /api/tabs", () => {
  it("accepts the personal statement's tabs of today's catalogue, and refuses tab ids it does not declare", async () => {
    const user = await signedInUser(test);
    const response = await sendJson(test, user.cookie, "PUT", "/api/tabs", {
      tab_id: "transcript_tab",
      chosen_tab: "manual",
    });
    expectRefusal(response, "tab_id must name a tabbed section of the form: personal_statement.");
    expect(await getJson(test, user.cookie, "/api/tabs")).toStrictEqual({ tabs: {} });
    const chosen = await sendJson(test, user.cookie, "PUT", "/api/tabs", {
      tab_id: "personal_statement",
      chosen_tab: "upload",
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await getJson(test, user.cookie, "/api/tabs")).toStrictEqual({
      tabs: { personal_statement: "upload" },
    });
  });

  it("stores a choice, answers it, and shows it in GET and the profile", async () => {
    const user = await signedInUser(tabbed);
    expect(await tabs(user.cookie)).toStrictEqual({ tabs: {} });
    const response = await putTab(user.cookie, { tab_id: "transcript_tab", chosen_tab: "manual" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toStrictEqual({
      message: TAB_SAVED,
      tab_id: "transcript_tab",
      chosen_tab: "manual",
    });
    expect(await tabs(user.cookie)).toStrictEqual({ tabs: { transcript_tab: "manual" } });
    const profile = (await getProfile(tabbed, user.cookie)).json() as ProfileBody;
    expect(profile.tabs).toStrictEqual({ transcript_tab: "manual" });
  });

  it("accepts the camelCase spelling; the last choice wins", async () => {
    const user = await signedInUser(tabbed);
    await putTab(user.cookie, { tab_id: "transcript_tab", chosen_tab: "manual" });
    const camel = await putTab(user.cookie, { tabId: "transcript_tab", chosenTab: "upload" });
    expect(camel.statusCode, camel.body).toBe(200);
    expect(camel.json()).toStrictEqual({
      message: TAB_SAVED,
      tab_id: "transcript_tab",
      chosen_tab: "upload",
    });
    expect(await tabs(user.cookie)).toStrictEqual({ tabs: { transcript_tab: "upload" } });
  });

  it.each([
    [
      "an unknown tab id",
      { tab_id: "photo_tab", chosen_tab: "upload" },
      "tab_id must name a tabbed section of the form: transcript_tab.",
    ],
    ["no tab id", { chosen_tab: "upload" }, "tab_id must name a tabbed section of the form: transcript_tab."],
    [
      "a tab of no such section",
      { tab_id: "transcript_tab", chosen_tab: "fax" },
      'chosen_tab for "transcript_tab" must be one of its tabs: upload, manual.',
    ],
    [
      "a chosen tab that is not text",
      { tab_id: "transcript_tab", chosen_tab: 1 },
      'chosen_tab for "transcript_tab" must be one of its tabs: upload, manual.',
    ],
    [
      "an unexpected field",
      { tab_id: "transcript_tab", chosen_tab: "upload", files: [] },
      "The tabs request holds only tab_id, chosen_tab (or tabId, chosenTab); unexpected: files.",
    ],
    ["an array", [], "The tabs request must be a JSON object: { tab_id, chosen_tab }."],
  ])("refuses %s with a message naming the problem, and stores nothing", async (_label, body, message) => {
    const user = await signedInUser(tabbed);
    expectRefusal(await putTab(user.cookie, body), message);
    expect(await tabs(user.cookie)).toStrictEqual({ tabs: {} });
  });

  it("replays a repeated Idempotency-Key and refuses it for another tab (422)", async () => {
    const user = await signedInUser(tabbed);
    const key = idempotencyKey();
    const first = await putTab(user.cookie, { tab_id: "transcript_tab", chosen_tab: "manual" }, { key });
    expect(first.statusCode).toBe(200);
    await putTab(user.cookie, { tab_id: "transcript_tab", chosen_tab: "upload" });
    const again = await putTab(user.cookie, { tabId: "transcript_tab", chosenTab: "manual" }, { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toStrictEqual(first.json());
    // The replay does not switch the tab back.
    expect(await tabs(user.cookie)).toStrictEqual({ tabs: { transcript_tab: "upload" } });
    const other = await putTab(user.cookie, { tab_id: "transcript_tab", chosen_tab: "upload" }, { key });
    expect(other.statusCode).toBe(422);
  });

  it("decides which tab's questions the submit requires", async () => {
    const user = await signedInUser(tabbed);
    const submit = () => sendJson(tabbed, user.cookie, "POST", "/api/submit", {});
    const byDefault = await submit();
    expect(byDefault.statusCode).toBe(422);
    expect(byDefault.json().errors).toStrictEqual({ college_name: ["Transcript file"] });
    await putTab(user.cookie, { tab_id: "transcript_tab", chosen_tab: "manual" });
    const manual = await submit();
    expect(manual.statusCode).toBe(422);
    expect(manual.json().errors).toStrictEqual({ college_gpa: ["Cumulative GPA"] });
    expect((await putAnswers(tabbed, user.cookie, { college_gpa: "3.5" })).statusCode).toBe(200);
    expect((await submit()).statusCode).toBe(200);
  });

  it("is read-only once submitted (409)", async () => {
    const user = await submitted(tabbed, { college_name: "transcript.pdf" });
    const key = idempotencyKey();
    expectReadOnly(await putTab(user.cookie, { tab_id: "transcript_tab", chosen_tab: "manual" }, { key }));
    expectReadOnly(await putTab(user.cookie, { tab_id: "transcript_tab", chosen_tab: "manual" }, { key }));
    expect(await storedKeys(tabbed, user.userId)).not.toHaveProperty(key);
    expect(await tabs(user.cookie)).toStrictEqual({ tabs: {} });
  });

  it("answers 401 without a session", async () => {
    const get = await tabbed.app.inject({
      method: "GET",
      url: "/api/tabs",
      headers: { [CLIENT_HEADER]: "1" },
    });
    expect(get.statusCode).toBe(401);
    expect(get.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
    const put = await putTab("", { tab_id: "transcript_tab", chosen_tab: "manual" });
    expect(put.statusCode).toBe(401);
    expect(put.json()).toStrictEqual({ message: UNAUTHORIZED_MESSAGE });
  });

  it("answers 403 without the client header and stores nothing", async () => {
    const user = await signedInUser(tabbed);
    const response = await putTab(
      user.cookie,
      { tab_id: "transcript_tab", chosen_tab: "manual" },
      { headers: { [CLIENT_HEADER]: "0" } },
    );
    expect(response.statusCode).toBe(403);
    expect(await tabs(user.cookie)).toStrictEqual({ tabs: {} });
  });
});
