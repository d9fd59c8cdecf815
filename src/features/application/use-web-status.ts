import { useCallback, useRef, useState } from "react";
import { loadSyncSession } from "../answers/answer-session";
import type { WebStatus } from "../profile/client-snapshot";
import { statusesBetween, webStatusRank } from "./web-status";

export type AdvanceWebStatus = (status: WebStatus) => Promise<void>;

/**
 * The applicant's web status on this device (spec §4). It only moves forward. Each step is queued
 * for the server like an answer, so it is sent when the network allows and retried until the
 * server takes it (the header counts it as waiting meanwhile); the cached profile learns it too,
 * so an offline start shows it. "submitted" is advanced to only after `POST /api/submit` succeeded
 * (spec §4 step 4); the server accepts it then, as a confirmation of what the submit recorded.
 */
export function useWebStatus(
  initial: WebStatus | null,
  owner: string | null,
): { webStatus: WebStatus | null; advance: AdvanceWebStatus } {
  const [webStatus, setWebStatus] = useState(initial);
  const current = useRef(initial);

  const advance = useCallback<AdvanceWebStatus>(
    async (status) => {
      const from = current.current;
      if (!owner || webStatusRank(from) >= webStatusRank(status)) return;
      current.current = status;
      setWebStatus(status);
      const steps = statusesBetween(from, status);
      const { syncClient } = await loadSyncSession();
      for (const step of steps) {
        await syncClient.queueAction("web-status", { web_status: step }, `web-status:${step}`);
      }
      await rememberInCachedProfile(owner, steps);
    },
    [owner],
  );

  return { webStatus, advance };
}

async function rememberInCachedProfile(owner: string, steps: readonly WebStatus[]): Promise<void> {
  const db = (await loadSyncSession()).localDb();
  await db.transaction("rw", db.profiles, async () => {
    const cached = await db.profiles.get(owner);
    if (!cached) return;
    const createdAt = new Date().toISOString();
    const web_status = [
      ...cached.profile.web_status,
      ...steps.map((web_status) => ({ web_status, created_at: createdAt })),
    ];
    await db.profiles.put({ ...cached, profile: { ...cached.profile, web_status } });
  });
}
