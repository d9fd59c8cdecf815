import type { Database } from "../db/database";
import { auditLog } from "../db/schema";

// The audit log (decision 0022): every read of applications by an outside system or a staff
// member, written before the answer is sent, so nothing is read that is not recorded (a failed
// write fails the request).

export type AuditActor = { apiKeyId: string } | { staffId: string };

export type AuditEntry = {
  /** The route (`GET /integration/v1/applications/:id`) or the staff action (`staff: view`). */
  action: string;
  /** The application read; null or absent for a list. */
  applicationId?: string | null;
};

export async function recordAudit(
  db: Database,
  actor: AuditActor,
  entries: readonly AuditEntry[],
  at: Date,
): Promise<void> {
  if (entries.length === 0) return;
  const who =
    "apiKeyId" in actor
      ? { apiKeyId: actor.apiKeyId, staffId: null }
      : { apiKeyId: null, staffId: actor.staffId };
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      ...who,
      at,
      action: entry.action,
      applicationId: entry.applicationId ?? null,
    })),
  );
}
