import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answers, applications } from "../../server/db/schema";
import { validateAnswers } from "../../src/form/engine/validate";
import { formPages } from "../../src/form/pages/form-pages";
import { putAnswers, storedAnswers } from "../helpers/api";
import { createTestApp, signedInUser, type TestApp } from "../helpers/test-app";

// Issue 14: the "same as the permanent address" questions became checkboxes ("true"/"false"). The
// migration turns answers stored by the Yes/No radios into checkbox answers, so a submission passes
// the coded-option check. It runs at start-up; here it runs again over answers stored the old way.

const MIGRATION = path.resolve("server/db/migrations/0009_same_address_checkboxes.sql");

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

async function runMigration(): Promise<void> {
  const script = await readFile(MIGRATION, "utf8");
  for (const statement of script.split("--> statement-breakpoint")) {
    await test.database.sql.executeSql(statement);
  }
}

const revisionOf = async (userId: string) =>
  (await test.database.db.select().from(applications).where(eq(applications.userId, userId)))[0]
    ?.answerRevision;

describe("migration 0009: the same-address answers become checkbox answers", () => {
  it("turns Y into true and N into false, drops their Yes/No labels, and leaves every other answer", async () => {
    const user = await signedInUser(test);
    const old = {
      mailing_addr_same_as_perm_addr: "Y",
      mailing_addr_same_as_perm_addr_desc: "Yes",
      parent_addr_same_as_stu_perm: "N",
      parent_addr_same_as_stu_perm_desc: "No",
      parent_2_addr_same_as_stu_perm: "Y",
      parent_2_addr_same_as_stu_perm_desc: "Yes",
      parent_city: "Boston",
      on_campus: "Y",
      on_campus_desc: "Yes",
    };
    expect((await putAnswers(test, user.cookie, old)).statusCode).toBe(200);
    const before = await revisionOf(user.userId);
    const editedBefore = await test.database.db
      .select({ key: answers.key, editedAt: answers.editedAt })
      .from(answers)
      .where(eq(answers.userId, user.userId));

    await runMigration();

    expect(await storedAnswers(test, user.cookie)).toStrictEqual({
      mailing_addr_same_as_perm_addr: "true",
      parent_addr_same_as_stu_perm: "false",
      parent_2_addr_same_as_stu_perm: "true",
      parent_city: "Boston",
      on_campus: "Y",
      on_campus_desc: "Yes",
    });
    expect(await revisionOf(user.userId)).toBe((before ?? 0) + 1);
    const editedAfter = await test.database.db
      .select({ key: answers.key, editedAt: answers.editedAt })
      .from(answers)
      .where(eq(answers.userId, user.userId));
    for (const { key, editedAt } of editedAfter) {
      expect(editedAt, key).toEqual(editedBefore.find((row) => row.key === key)?.editedAt);
    }
    // What the checkboxes now hold passes the engine's coded-option check.
    const errors = validateAnswers(formPages, await storedAnswers(test, user.cookie), {
      hostName: "x",
      today: new Date(),
    });
    expect(Object.keys(errors).filter((key) => key.includes("same_as") || key.includes("addr_same"))).toEqual(
      [],
    );
  });

  it("changes nothing for answers already stored as checkbox answers (a second run is a no-op)", async () => {
    const user = await signedInUser(test);
    expect(
      (await putAnswers(test, user.cookie, { mailing_addr_same_as_perm_addr: "false" })).statusCode,
    ).toBe(200);
    const before = await revisionOf(user.userId);
    await runMigration();
    await runMigration();
    expect(await storedAnswers(test, user.cookie)).toStrictEqual({ mailing_addr_same_as_perm_addr: "false" });
    expect(await revisionOf(user.userId)).toBe(before);
  });
});
