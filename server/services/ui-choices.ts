import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { addAnotherCounts, tabChoices } from "../db/schema";
import { HttpError } from "../http-error";
import { lockOpenApplication } from "./applications";

// The applicant's choices outside the answers (spec §3 "Add-another" and "Tabs"), checked against
// the catalogue's buttons and tabbed sections (src/form/engine/ui-choices.ts).

export type AddAnotherSave = { buttonId: string; numComponents: number };
export type TabChoiceSave = { tabId: string; chosenTab: string };

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A body in the spec's spelling (`button_id`) or the one it also shows (`buttonId`): the fields
 * are read by either name; both names with different values, or any other field, are refused.
 */
function readFields(
  body: unknown,
  fields: readonly (readonly [snake: string, camel: string])[],
  call: string,
): unknown[] {
  const shape = fields.map(([snake]) => snake).join(", ");
  if (!isJsonObject(body))
    throw new HttpError(400, `The ${call} request must be a JSON object: { ${shape} }.`);
  const known = new Set(fields.flat());
  const unexpected = Object.keys(body).filter((field) => !known.has(field));
  if (unexpected.length > 0) {
    const camel = fields.map(([, camel]) => camel).join(", ");
    throw new HttpError(
      400,
      `The ${call} request holds only ${shape} (or ${camel}); unexpected: ${unexpected.join(", ")}.`,
    );
  }
  return fields.map(([snake, camel]) => {
    if (Object.hasOwn(body, snake) && Object.hasOwn(body, camel) && body[snake] !== body[camel]) {
      throw new HttpError(400, `Send ${snake} or ${camel}, not both with different values.`);
    }
    return Object.hasOwn(body, snake) ? body[snake] : body[camel];
  });
}

function oneOf(ids: Iterable<string>, none: string): string {
  const list = [...ids];
  return list.length > 0 ? list.join(", ") : none;
}

/**
 * The body of PUT /api/add-another: `{ button_id, num_components }` (or `{ buttonId,
 * numComponents }`); `buttons` maps each add-another button of the catalogue to its capacity.
 */
export function parseAddAnotherSave(body: unknown, buttons: ReadonlyMap<string, number>): AddAnotherSave {
  const [buttonId, count] = readFields(
    body,
    [
      ["button_id", "buttonId"],
      ["num_components", "numComponents"],
    ],
    "add-another",
  );
  const capacity = typeof buttonId === "string" ? buttons.get(buttonId) : undefined;
  if (typeof buttonId !== "string" || capacity === undefined) {
    throw new HttpError(
      400,
      `button_id must name an add-another button of the form: ${oneOf(buttons.keys(), "the form has none")}.`,
    );
  }
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > capacity) {
    throw new HttpError(
      400,
      `num_components for "${buttonId}" must be a whole number from 1 to ${capacity}.`,
    );
  }
  return { buttonId, numComponents: count };
}

/**
 * The body of PUT /api/tabs: `{ tab_id, chosen_tab }` (or `{ tabId, chosenTab }`); `sections` maps
 * each tabbed section of the catalogue to its tab ids.
 */
export function parseTabChoiceSave(
  body: unknown,
  sections: ReadonlyMap<string, readonly string[]>,
): TabChoiceSave {
  const [tabId, chosenTab] = readFields(
    body,
    [
      ["tab_id", "tabId"],
      ["chosen_tab", "chosenTab"],
    ],
    "tabs",
  );
  const tabs = typeof tabId === "string" ? sections.get(tabId) : undefined;
  if (typeof tabId !== "string" || tabs === undefined) {
    throw new HttpError(
      400,
      `tab_id must name a tabbed section of the form: ${oneOf(sections.keys(), "the form has none")}.`,
    );
  }
  if (typeof chosenTab !== "string" || !tabs.includes(chosenTab)) {
    throw new HttpError(400, `chosen_tab for "${tabId}" must be one of its tabs: ${tabs.join(", ")}.`);
  }
  return { tabId, chosenTab };
}

/**
 * Stores the sent count and returns it: the last write wins, as for tabs (decision 0005, revised
 * by issue 37: a block added by mistake can be removed, and the count goes down with it). A stale
 * device's lower count hides no answer: the engine never shows fewer blocks than the last one
 * that holds one. Refused (409) once the application is submitted.
 */
export async function saveAddAnotherCount(
  tx: Database,
  userId: string,
  { buttonId, numComponents }: AddAnotherSave,
  now: Date,
): Promise<number> {
  await lockOpenApplication(tx, userId, now);
  const [row] = await tx
    .insert(addAnotherCounts)
    .values({ userId, buttonId, numComponents, updatedAt: now })
    .onConflictDoUpdate({
      target: [addAnotherCounts.userId, addAnotherCounts.buttonId],
      set: {
        numComponents: sql`excluded.num_components`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ numComponents: addAnotherCounts.numComponents });
  if (!row) throw new Error("add-another upsert returned nothing");
  return row.numComponents;
}

/** Stores the chosen tab; the last save wins. Refused (409) once the application is submitted. */
export async function saveTabChoice(
  tx: Database,
  userId: string,
  { tabId, chosenTab }: TabChoiceSave,
  now: Date,
): Promise<void> {
  await lockOpenApplication(tx, userId, now);
  await tx
    .insert(tabChoices)
    .values({ userId, tabId, chosenTab, updatedAt: now })
    .onConflictDoUpdate({
      target: [tabChoices.userId, tabChoices.tabId],
      set: { chosenTab, updatedAt: now },
    });
}

/** The user's stored add-another counts by button id (only those saved). */
export async function loadAddAnotherCounts(db: Database, userId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ buttonId: addAnotherCounts.buttonId, numComponents: addAnotherCounts.numComponents })
    .from(addAnotherCounts)
    .where(eq(addAnotherCounts.userId, userId));
  return Object.fromEntries(rows.map((row) => [row.buttonId, row.numComponents]));
}

/** The user's chosen tabs by tab id (only those saved). */
export async function loadTabChoices(db: Database, userId: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ tabId: tabChoices.tabId, chosenTab: tabChoices.chosenTab })
    .from(tabChoices)
    .where(eq(tabChoices.userId, userId));
  return Object.fromEntries(rows.map((row) => [row.tabId, row.chosenTab]));
}
