// "Continue on another device" (issue 16, decision 0012): the calls' shapes, the token's form and
// the wording, shared by the server that answers and the client that asks.

/** A link's token: 256 random bits, base64url without padding (43 characters). */
export const DRAFT_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The query parameter of spec §2's loader: `/about?token=…` opens a link. */
export const DRAFT_LINK_PARAM = "token";

/** The largest request body `POST /public/tmp` accepts (a whole application is a few kilobytes). */
export const DRAFT_LINK_MAX_BODY_BYTES = 256 * 1024;

export const DRAFT_LINK_MESSAGES = {
  /** The one answer for a token that is malformed, unknown, expired or revoked: none is told apart. */
  invalid: "This link has expired or is not valid.",
  forgotten: "This link no longer works. Your answers are still on this device.",
  mailed: (address: string) => `We've sent the link to ${address}.`,
  tooManyLinks: "Too many links have been made from this network. Please try again in an hour.",
  tooManyMails: "Too many links have been e-mailed. Please try again in an hour.",
  tooLarge: "These answers are too large to keep in a link.",
} as const;

/** `POST /public/tmp`: the device's draft, identified by the device's random draft id. */
export type DraftLinkRequest = {
  /** A random UUID kept on the device: a new link for the same draft replaces the old one. */
  draft_id: string;
  /** The device's clock (ms) when it sent the draft: edit times are moved onto the server's clock. */
  client_time: number;
  answers: Record<string, string>;
  /** Each answer's edit time (ms, the device's clock). */
  edited_at: Record<string, number>;
};

/** `201` from `POST /public/tmp`. */
export type DraftLinkIssued = { token: string; url: string; expires_at: string };

/** `GET /public/tmp?token=…` (spec §7 "temporary answer"). */
export type DraftLinkCopy = {
  answer: Record<string, string>;
  /** Each answer's edit time on the server's clock (ms): the newer edit of a field wins a merge. */
  edited_at: Record<string, number>;
  expires_at: string;
  /** The server clock (ms) when the copy was read. */
  server_time: number;
};
