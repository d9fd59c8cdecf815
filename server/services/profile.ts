import { asc, eq } from "drizzle-orm";
import type { Profile } from "../../src/shared/api-types";
import type { FormPagePath } from "../../src/shared/routes";
import type { Database } from "../db/database";
import { answers, applications, loginEvents, webStatusEntries } from "../db/schema";
import { loadDocumentAnswers } from "./documents";
import { loadAddAnotherCounts, loadTabChoices } from "./ui-choices";

export async function loadProfile(
  db: Database,
  userId: string,
  username: string,
  clock: () => Date,
): Promise<Profile> {
  const [answerRows, [application], logins, statuses, addAnother, tabs, documents] = await Promise.all([
    db.select({ key: answers.key, value: answers.value }).from(answers).where(eq(answers.userId, userId)),
    db.select({ lastPage: applications.lastPage }).from(applications).where(eq(applications.userId, userId)),
    db
      .select({ createdAt: loginEvents.createdAt })
      .from(loginEvents)
      .where(eq(loginEvents.userId, userId))
      .orderBy(asc(loginEvents.id)),
    db
      .select({ webStatus: webStatusEntries.webStatus, createdAt: webStatusEntries.createdAt })
      .from(webStatusEntries)
      .where(eq(webStatusEntries.userId, userId))
      .orderBy(asc(webStatusEntries.id)),
    loadAddAnotherCounts(db, userId),
    loadTabChoices(db, userId),
    loadDocumentAnswers(db, userId),
  ]);
  return {
    answer: Object.fromEntries(answerRows.map((row) => [row.key, row.value])),
    document_answer: documents,
    username,
    last_page: application?.lastPage ?? null,
    successful_login: logins.map((row) => ({ created_at: row.createdAt.toISOString() })),
    web_status: statuses.map((row) => ({
      web_status: row.webStatus,
      created_at: row.createdAt.toISOString(),
    })),
    add_another: addAnother,
    tabs,
    server_time: clock().getTime(),
  };
}

export async function saveLastPage(
  db: Database,
  userId: string,
  lastPage: FormPagePath,
  now: Date,
): Promise<void> {
  await db
    .insert(applications)
    .values({ userId, lastPage, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: applications.userId, set: { lastPage, updatedAt: now } });
}
