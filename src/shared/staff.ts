// The staff review (issue 32, decision 0022): its pages, calls and messages, shared by the staff
// app (src/staff/) and the server (server/routes/staff-*.ts). Staff accounts are not applicants'.

export const STAFF_BASE = "/staff";
export const STAFF_API = "/staff/api";
export const STAFF_PATHS = {
  list: "/staff",
  signIn: "/staff/sign-in",
  setPassword: "/staff/set-password",
  application: (id: string) => `/staff/applications/${encodeURIComponent(id)}`,
} as const;

export const STAFF_CALLS = {
  me: `${STAFF_API}/me`,
  signIn: `${STAFF_API}/sign-in`,
  verifyCode: `${STAFF_API}/verify-code`,
  signOut: `${STAFF_API}/sign-out`,
  setPassword: `${STAFF_API}/set-password`,
  applications: `${STAFF_API}/applications`,
  export: `${STAFF_API}/applications.csv`,
  application: (id: string) => `${STAFF_API}/applications/${encodeURIComponent(id)}`,
  pdf: (id: string) => `${STAFF_API}/applications/${encodeURIComponent(id)}/pdf`,
} as const;

/** The staff session cookie and the cookie of a sign-in waiting for its code (`__Host-` over HTTPS). */
export const STAFF_SESSION_COOKIE = "adm_staff_session";
export const STAFF_SIGN_IN_COOKIE = "adm_staff_sign_in";

export const STAFF_MESSAGES = {
  signedOut: "Please sign in to review applications.",
  wrongCredentials: "The e-mail address or password is not right.",
  codeSent: "We have e-mailed you a 6-digit code. It is valid for 10 minutes.",
  codeWrong: "That code is not right. Check the latest e-mail and try again.",
  codeFormat: "The code is the 6 digits in the e-mail we sent you.",
  signInExpired: "Your sign-in has expired. Please start again with your password.",
  tooManyCodes: "Too many wrong codes. Please start again with your password.",
  signedIn: "You are signed in.",
  inviteInvalid: "This link has expired or has already been used. Ask for a new invitation.",
  passwordSet: "Your password is set. Sign in with it to review applications.",
  unknownApplication: "There is no application with this id.",
} as const;

export const STAFF_WEB_STATUSES = ["started", "validating", "submitted"] as const;
export type StaffWebStatus = (typeof STAFF_WEB_STATUSES)[number];

/** A row of the staff list. */
export type StaffApplicationRow = {
  id: string;
  username: string;
  name: string;
  web_status: StaffWebStatus | null;
  submitted_at: string | null;
  updated_at: string;
  documents_converting: number;
};

export type StaffStatusCounts = Record<StaffWebStatus | "not_started" | "all", number>;

export type StaffListResponse = {
  counts: StaffStatusCounts;
  applications: StaffApplicationRow[];
  next_cursor: string | null;
};

/** The list's filters, as the page's query and the calls' query. */
export type StaffFilter = { q?: string; status?: StaffWebStatus; converting?: boolean };

export function staffFilterQuery(filter: StaffFilter, cursor?: string | null): string {
  const query = new URLSearchParams();
  if (filter.q?.trim()) query.set("q", filter.q.trim());
  if (filter.status) query.set("status", filter.status);
  if (filter.converting) query.set("converting", "true");
  if (cursor) query.set("cursor", cursor);
  const text = query.toString();
  return text ? `?${text}` : "";
}
