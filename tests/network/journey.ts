import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { buildJpeg, buildPng, photoLike, quarters } from "../../server/conversion/testing/build-images";
import { CLIENT_HEADERS } from "../e2e/session";
import { COMPLETE_APPLICATION } from "../helpers/complete-application";

// The applicant of the network test (issue 33): signed in and most of the application filled
// earlier (on a good connection), she finishes it on a bad one in two tabs: her names on About You
// while the second tab writes her personal statement on Final Steps, then credits and a
// transcript on Your Academics, the statement finished and a résumé on Final Steps; she submits
// and downloads the PDF. Whatever the header or a file says, she waits for states, as a patient
// person would, and presses Submit again when it says it could not.

/** What she types on a bad connection (the rest of COMPLETE_APPLICATION was saved before). */
export const TYPED = {
  first_name: "Augusta",
  middle_name: "King",
  last_name: "Lovelace-Byron",
  preferred_name: "Addie",
  credits_transfer: "60",
} as const;
const STATEMENT_START = "I want to study the Analytical Engine's use beyond numbers. ".repeat(8);
const STATEMENT_END = "Poetical science is what I would bring. ".repeat(6);
export const STATEMENT = `${STATEMENT_START}${STATEMENT_END}`;

export type ChosenFile = { key: string; question: string; name: string; mimeType: string; buffer: Buffer };

/** The transcript (a small PNG) and the résumé (a photo-like JPEG of `resumeKiB` or so). */
export function chosenFiles(resumeKiB: number): ChosenFile[] {
  const side = Math.round(Math.sqrt(resumeKiB * 1024 * 1.75));
  return [
    {
      key: "college_transcript",
      question: "Unofficial transcript",
      name: "transcript.png",
      mimeType: "image/png",
      buffer: buildPng(240, 160, quarters(240, 160)),
    },
    {
      key: "resume_file",
      question: "Résumé",
      name: "resume.jpg",
      mimeType: "image/jpeg",
      buffer: buildJpeg(side, Math.round(side * 0.75), photoLike(7), { quality: 90 }),
    },
  ];
}

/** Signs in and stores what she had filled before, through the (still clean) link. */
export async function signedInWithDraft(page: Page): Promise<string> {
  const username = `network-${randomUUID()}@example.edu`;
  expect((await page.request.post("/__test__/session", { data: { username } })).ok()).toBe(true);
  const earlier = Object.fromEntries(Object.entries(COMPLETE_APPLICATION).filter(([key]) => !(key in TYPED)));
  const saved = await page.request.put("/api/answer", {
    headers: { ...CLIENT_HEADERS, "Idempotency-Key": randomUUID() },
    data: earlier,
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return username;
}

export const headerStatus = (page: Page) => page.locator('[role="status"].sync-status');

/** Opens a form page and waits until the app holds the server's copy and has said all is saved. */
export async function openPage(page: Page, path: string, heading: string): Promise<void> {
  await page.bringToFront();
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(headerStatus(page)).toHaveText("All changes saved");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/**
 * Goes to another step with the step links (a page opened fresh goes back to the last page she
 * worked on, spec §2, so the second tab gets to Final Steps this way).
 */
export async function goToStep(page: Page, name: string): Promise<void> {
  await page
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

const nameField = (page: Page, label: string) =>
  page.getByRole("region", { name: "Your name" }).getByRole("textbox", { name: label, exact: true });
const statement = (page: Page) => page.getByRole("textbox", { name: "Personal statement" });
const question = (page: Page, label: string) => page.getByRole("group", { name: label, exact: true });

/**
 * Tab 1 types her names on About You; at once, while they are still on their way, she switches to
 * tab 2 and starts her statement there; then back to tab 1. (One person types in the tab in front:
 * a headless browser, like a real one, renders only that one.)
 */
export async function typeInBothTabs(first: Page, second: Page): Promise<void> {
  await first.bringToFront();
  await nameField(first, "Legal First Name").fill(TYPED.first_name);
  await nameField(first, "Middle Name").fill(TYPED.middle_name);
  await nameField(first, "Last Name").fill(TYPED.last_name);
  await nameField(first, "Preferred Name").fill(TYPED.preferred_name);
  await second.bringToFront();
  await statement(second).fill(STATEMENT_START);
  await first.bringToFront();
}

export async function saveAndContinue(page: Page, path: RegExp, heading: string): Promise<void> {
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

export async function typeCredits(page: Page): Promise<void> {
  await page.getByRole("textbox", { name: /How many credits/ }).fill(TYPED.credits_transfer);
}

/** Chooses a file for its question; the app keeps it on the device and uploads it when it can. */
export async function chooseFile(page: Page, file: ChosenFile): Promise<Locator> {
  const group = question(page, file.question);
  await group.locator('input[type="file"]').setInputFiles({
    name: file.name,
    mimeType: file.mimeType,
    buffer: file.buffer,
  });
  return group;
}

/** Waits, however long the connection takes, until the file's question says it is uploaded. */
export async function uploaded(page: Page, file: ChosenFile): Promise<void> {
  await expect(question(page, file.question).getByRole("status")).toHaveText(
    new RegExp(`^Uploaded: ${file.name.replace(".", "\\.")}`),
    { timeout: 240_000 },
  );
}

/** Finishes the statement tab 2 started (the field both tabs wrote). */
export async function finishStatement(page: Page): Promise<void> {
  await expect(statement(page)).toHaveValue(STATEMENT_START);
  await statement(page).fill(STATEMENT);
}

/** The toast that says nothing was submitted (page-actions.tsx's SUBMIT_ERROR_LABEL). */
export const NOT_SUBMITTED = "Your application was not submitted";

/**
 * Presses Submit until the application is submitted. When the app says it was not (it could not
 * reach the server), she waits until the header says everything is saved (so the link is back),
 * then presses again. Resolves with what each press that did not submit said.
 */
export async function submit(page: Page): Promise<{ presses: number; notSubmitted: string[] }> {
  const notSubmitted: string[] = [];
  for (let presses = 1; ; presses++) {
    await page.getByRole("button", { name: "Submit application" }).click();
    const unsent = page.getByRole("alertdialog", { name: NOT_SUBMITTED });
    await expect(page.getByText("Your application was successfully submitted.").or(unsent)).toBeVisible({
      timeout: 240_000,
    });
    if (/\/completion$/.test(page.url())) return { presses, notSubmitted };
    const said = (await unsent.getByRole("alert").textContent()) ?? "";
    notSubmitted.push(said.replaceAll(NOT_SUBMITTED, "").trim());
    await unsent.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(headerStatus(page)).toHaveText("All changes saved", { timeout: 240_000 });
  }
}

/**
 * Downloads the application PDF from /completion, clicking again when a download breaks off (as
 * she would); resolves with its bytes and the number of clicks.
 */
export async function downloadPdf(page: Page): Promise<{ bytes: Buffer; clicks: number }> {
  const link = page.getByRole("link", { name: "Download your application (PDF)" });
  for (let clicks = 1; ; clicks++) {
    await expect(link).toBeVisible({ timeout: 240_000 });
    const [download] = await Promise.all([page.waitForEvent("download", { timeout: 240_000 }), link.click()]);
    if ((await download.failure()) === null)
      return { bytes: readFileSync((await download.path()) ?? ""), clicks };
  }
}
