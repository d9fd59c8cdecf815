import { and, eq, gt, lt } from "drizzle-orm";
import { partner } from "../../src/config/partner";
import type { FormPage } from "../../src/form/catalogue-types";
import type { Language } from "../../src/i18n/language";
import {
  DRAFT_LINK_MESSAGES,
  DRAFT_LINK_PARAM,
  DRAFT_LINK_TOKEN_PATTERN,
  type DraftLinkIssued,
} from "../../src/shared/draft-links";
import { DEFAULT_ROUTE } from "../../src/shared/routes";
import type { Database } from "../db/database";
import { draftLinks } from "../db/schema";
import { HttpError } from "../http-error";
import { draftLinkMail } from "../mail/draft-link-mail";
import { publicLink } from "../mail/templates";
import type { Mailer } from "../mail/types";
import { type AnswerMap, parseAnswerRequest } from "./answers";
import { openWithToken, sealWithToken } from "./draft-link-seal";
import { randomToken, sha256Hex } from "./secrets";
import { countEvent, tooManyRequests } from "./throttle";

// "Continue on another device" (issue 16, decision 0012): a sealed copy of an anonymous draft,
// opened by a link's token. One copy per draft; tokens and copies never appear in clear at rest.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const DRAFT_LINK_LIMITS = {
  /** A library or school network shares one address, so this is generous; it bounds the table. */
  linksPerIpPerHour: 60,
  mailsPerAddressPerHour: 3,
  mailsPerIpPerHour: 10,
} as const;

export function draftLinkLifetimeMs(): number {
  return partner.draftLinkDays * DAY_MS;
}

/** A draft's answers and the edit time (server clock, ms) of each one. */
export type DraftCopy = { answers: AnswerMap; editedAt: Record<string, number> };

export type DraftLinkContext = { db: Database; now: Date; ip: string; publicUrl: string };

const REQUEST_FIELDS = ["draft_id", "client_time", "answers", "edited_at"];
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The body of `POST /public/tmp`: `{ draft_id, client_time, answers, edited_at }`. The answers and
 * edit times are checked exactly as `PUT /api/answer` checks them (`parseAnswerRequest`), after the
 * edit times are moved from the device's clock onto the server's by the difference between
 * `client_time` and now: an anonymous device's clock has never been corrected, and one that runs
 * fast must neither be refused nor win every later merge. No edit is later than now.
 */
export function parseDraftLinkRequest(
  body: unknown,
  now: Date,
  pages: readonly FormPage[],
): DraftCopy & { draftId: string } {
  if (!isJsonObject(body)) {
    throw new HttpError(400, "The request must be a JSON object: draft_id, client_time, answers, edited_at.");
  }
  const unexpected = Object.keys(body).filter((field) => !REQUEST_FIELDS.includes(field));
  if (unexpected.length > 0) throw new HttpError(400, `Unexpected fields: ${unexpected.join(", ")}.`);
  const { draft_id: draftId, client_time: clientTime, answers, edited_at: editedAt } = body;
  if (typeof draftId !== "string" || !UUID_PATTERN.test(draftId)) {
    throw new HttpError(400, "draft_id must be the device's draft id (a UUID).");
  }
  if (typeof clientTime !== "number" || !Number.isSafeInteger(clientTime) || clientTime <= 0) {
    throw new HttpError(400, "client_time must be the device's clock in milliseconds since the epoch.");
  }
  if (!Object.hasOwn(body, "answers")) throw new HttpError(400, "The request needs an answers object.");
  const offset = now.getTime() - clientTime;
  const shifted = isJsonObject(editedAt)
    ? Object.fromEntries(
        Object.entries(editedAt).map(([key, time]) => [
          key,
          typeof time === "number" && Number.isSafeInteger(time) && time > 0
            ? Math.max(1, time + offset)
            : time,
        ]),
      )
    : editedAt;
  const parsed = parseAnswerRequest({ answers, edited_at: shifted }, now, pages);
  const keys = Object.keys(parsed.answers);
  if (keys.length === 0) throw new HttpError(400, "There are no answers to keep in a link.");
  // As in PUT /api/answer, a value sent without an edit time counts as edited at receipt.
  const times = keys.map((key) => [key, Math.min(parsed.editedAt[key] ?? now.getTime(), now.getTime())]);
  return { draftId, answers: parsed.answers, editedAt: Object.fromEntries(times) };
}

/**
 * Keeps a sealed copy of the draft under a new token, replacing the draft's previous copy and so
 * revoking its token (one upsert: two requests from one draft leave exactly one working link).
 * Counted per IP before anything is stored.
 */
export async function issueDraftLink(
  ctx: DraftLinkContext,
  draft: DraftCopy & { draftId: string },
): Promise<DraftLinkIssued> {
  const { count, windowEndsAt } = await countEvent(
    ctx.db,
    { scope: "draft-link-ip", value: ctx.ip },
    ctx.now,
    HOUR_MS,
  );
  if (count > DRAFT_LINK_LIMITS.linksPerIpPerHour) {
    throw tooManyRequests(DRAFT_LINK_MESSAGES.tooManyLinks, windowEndsAt.getTime() - ctx.now.getTime());
  }
  const token = randomToken();
  const expiresAt = new Date(ctx.now.getTime() + draftLinkLifetimeMs());
  const row = {
    tokenHash: sha256Hex(token),
    sealed: sealWithToken(token, { answers: draft.answers, edited_at: draft.editedAt }),
    createdAt: ctx.now,
    expiresAt,
  };
  await ctx.db
    .insert(draftLinks)
    .values({ draftIdHash: sha256Hex(draft.draftId), ...row })
    .onConflictDoUpdate({ target: draftLinks.draftIdHash, set: row });
  return { token, url: draftLinkUrl(ctx.publicUrl, token), expires_at: expiresAt.toISOString() };
}

/** The page a link opens: the default form route with the loader's `token` parameter (spec §2). */
export function draftLinkUrl(publicUrl: string, token: string, language: Language = "en"): string {
  return publicLink(publicUrl, DEFAULT_ROUTE, { [DRAFT_LINK_PARAM]: token }, language);
}

/** The copy a token opens, or null for any token that is malformed, unknown, revoked or expired. */
export async function readDraftLink(
  db: Database,
  token: unknown,
  now: Date,
): Promise<(DraftCopy & { expiresAt: Date }) | null> {
  if (typeof token !== "string" || !DRAFT_LINK_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ sealed: draftLinks.sealed, expiresAt: draftLinks.expiresAt })
    .from(draftLinks)
    .where(and(eq(draftLinks.tokenHash, sha256Hex(token)), gt(draftLinks.expiresAt, now)));
  if (!row) return null;
  const copy = openWithToken(token, row.sealed) as { answers: AnswerMap; edited_at: Record<string, number> };
  return { answers: copy.answers, editedAt: copy.edited_at, expiresAt: row.expiresAt };
}

/** "Forget this link": the copy is deleted. Idempotent, and silent about tokens that never existed. */
export async function forgetDraftLink(db: Database, token: unknown): Promise<void> {
  if (typeof token !== "string" || !DRAFT_LINK_TOKEN_PATTERN.test(token)) return;
  await db.delete(draftLinks).where(eq(draftLinks.tokenHash, sha256Hex(token)));
}

/**
 * "E-mail me this link": limited per IP, then per address (any address alike: no account is
 * looked up, so the answer cannot tell whether one exists). Sent in the background.
 */
export async function emailDraftLink(
  ctx: DraftLinkContext & { mailer: Mailer },
  input: { token: string; address: string; language: Language },
): Promise<string> {
  const hour = async (scope: "draft-link-mail-ip" | "draft-link-mail", value: string, limit: number) => {
    const { count, windowEndsAt } = await countEvent(ctx.db, { scope, value }, ctx.now, HOUR_MS);
    if (count > limit) {
      throw tooManyRequests(DRAFT_LINK_MESSAGES.tooManyMails, windowEndsAt.getTime() - ctx.now.getTime());
    }
  };
  await hour("draft-link-mail-ip", ctx.ip, DRAFT_LINK_LIMITS.mailsPerIpPerHour);
  const [row] = DRAFT_LINK_TOKEN_PATTERN.test(input.token)
    ? await ctx.db
        .select({ expiresAt: draftLinks.expiresAt })
        .from(draftLinks)
        .where(and(eq(draftLinks.tokenHash, sha256Hex(input.token)), gt(draftLinks.expiresAt, ctx.now)))
    : [];
  if (!row) throw new HttpError(404, DRAFT_LINK_MESSAGES.invalid);
  await hour("draft-link-mail", input.address, DRAFT_LINK_LIMITS.mailsPerAddressPerHour);
  const link = draftLinkUrl(ctx.publicUrl, input.token, input.language);
  ctx.mailer.dispatch({
    to: input.address,
    ...draftLinkMail(input.address, link, row.expiresAt, input.language),
  });
  return DRAFT_LINK_MESSAGES.mailed(input.address);
}

/** Deletes copies past their expiry (run hourly with the other purges). */
export async function purgeExpiredDraftLinks(db: Database, now: Date): Promise<void> {
  await db.delete(draftLinks).where(lt(draftLinks.expiresAt, now));
}

/** Browser tests only (E2E_TEST_HOOKS): ends a link as its expiry would. */
export async function expireDraftLink(db: Database, token: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(draftLinks)
    .set({ expiresAt: now })
    .where(eq(draftLinks.tokenHash, sha256Hex(token)))
    .returning({ tokenHash: draftLinks.tokenHash });
  return rows.length > 0;
}
