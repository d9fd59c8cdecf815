import type { LocalDb, StoredAnswer } from "./local-db";

/** Answers carried by a "Continue on another device" link, each with its edit time (decision 0012). */
export type LinkedDraft = { answers: Record<string, string>; editedAt: Record<string, number> };

/**
 * What a link made on this device carries: every field the owner has edited here (an emptied field
 * too: clearing it was an edit), with its edit time. Values as the server sent them (edit time 0)
 * are left out; they are not this device's draft.
 */
export async function draftForLink(db: LocalDb, owner: string): Promise<LinkedDraft> {
  const rows = (await db.answers.where("owner").equals(owner).toArray()).filter((a) => a.editedAt > 0);
  return {
    answers: Object.fromEntries(rows.map((a) => [a.key, a.value])),
    editedAt: Object.fromEntries(rows.map((a) => [a.key, a.editedAt])),
  };
}

/**
 * Folds a link's answers into `owner`'s answers on this device, field by field: the link's value is
 * taken unless this device holds a newer edit of the field (a tie goes to the link, as on the
 * server: the later arrival). One transaction. Returns the rows written, i.e. the fields whose value
 * changed; a field the device already holds with the same value is left as it is.
 */
export async function mergeLinkedDraft(
  db: LocalDb,
  owner: string,
  linked: LinkedDraft,
): Promise<StoredAnswer[]> {
  return db.transaction("rw", db.answers, async () => {
    const keys = Object.keys(linked.answers);
    const held = await db.answers.bulkGet(keys.map((key) => [owner, key] as [string, string]));
    const written: StoredAnswer[] = [];
    keys.forEach((key, index) => {
      const value = linked.answers[key] ?? "";
      const editedAt = linked.editedAt[key] ?? 0;
      const mine = held[index];
      if (mine && (mine.value === value || mine.editedAt > editedAt)) return;
      written.push({ owner, key, value, editedAt });
    });
    await db.answers.bulkPut(written);
    return written;
  });
}
