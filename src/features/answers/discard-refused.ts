import { apiRequest } from "../../lib/api-client";
import type { Profile } from "../../shared/api-types";
import { loadSyncClient } from "./answer-session";

/**
 * "Undo this change" for answers the server refused: the fields take the values the server holds
 * (read now, so they are the latest) and nothing is sent for them. Throws ApiError when the
 * server cannot be reached; the refused answers then stay as they were.
 */
export async function discardRefusedChanges(keys: readonly string[]): Promise<void> {
  const profile = await apiRequest<Profile>("GET", "/api/profile", { signal: AbortSignal.timeout(10_000) });
  await (await loadSyncClient()).restoreRefused(keys, profile.answer);
}
