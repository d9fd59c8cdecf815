import type { Language } from "../../i18n/language";
import { apiRequest } from "../../lib/api-client";
import type { MessageResponse } from "../../shared/api-types";
import type { DraftLinkCopy, DraftLinkIssued, DraftLinkRequest } from "../../shared/draft-links";

// The calls of "Continue on another device" (decision 0012), through the one API client.

export function issueDraftLink(request: DraftLinkRequest): Promise<DraftLinkIssued> {
  return apiRequest("POST", "/public/tmp", { body: request });
}

/** Spec §7 `GET /public/tmp?token={token}`: the temporary answer. */
export function loadDraftLink(token: string): Promise<DraftLinkCopy> {
  return apiRequest("GET", `/public/tmp?token=${encodeURIComponent(token)}`);
}

export function forgetDraftLink(token: string): Promise<MessageResponse> {
  return apiRequest("DELETE", "/public/tmp", { body: { token } });
}

/** `language`: the page's, which the mail is written in (issue 35). */
export function emailDraftLink(token: string, email: string, language: Language): Promise<MessageResponse> {
  return apiRequest("POST", "/public/tmp/email", { body: { token, email, language } });
}
