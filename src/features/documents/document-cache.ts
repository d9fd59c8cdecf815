import type { DocumentAnswers } from "../../shared/api-types";
import type { LocalDb } from "../answers/local-db";

// The device's copy of the server's document answers (spec §3: file name and size per question),
// so a file question shows its file offline and after a reload. The server's word replaces it
// whenever the profile is read; what the applicant changed since waits in the upload queue.

/** The server's documents for `owner`, as the profile (or GET /api/document-answer) listed them. */
export async function replaceServerDocuments(
  db: LocalDb,
  owner: string,
  documents: DocumentAnswers,
): Promise<void> {
  await db.transaction("rw", db.documents, async () => {
    await db.documents.where("owner").equals(owner).delete();
    await db.documents.bulkPut(
      Object.entries(documents).map(([key, document]) => ({
        owner,
        key,
        file_name: document.file_name,
        file_size: document.file_size,
      })),
    );
  });
}

/** The server no longer holds question `key`'s document (its conversion failed, or it was deleted). */
export async function dropServerDocument(db: LocalDb, owner: string, key: string): Promise<void> {
  await db.documents.delete([owner, key]);
}

/**
 * At sign-out: the names of the user's documents leave the device (they come back with the
 * profile). Files still waiting to be uploaded stay, like unsent answers, for their next sign-in.
 */
export async function forgetServerDocuments(db: LocalDb, owner: string): Promise<void> {
  await db.documents.where("owner").equals(owner).delete();
}
