import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The e-mail address, trimmed and lower-cased. */
    username: text("username").notNull().unique(),
    /** Set once the account is confirmed; until then the sign-ups' passwords are in signup_passwords. */
    passwordHash: text("password_hash"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * The language the applicant reads the application in, "en" or "es" (issue 35): set at sign-up
     * and whenever they switch while signed in; the account's mails are written in it. Null: never
     * chosen (English).
     */
    language: text("language"),
  },
  (t) => [check("users_language", sql`${t.language} in ('en', 'es')`)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie token: a database leak does not yield usable sessions. */
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * One row per answered field, so saves merge per field and keep their own update time. `edited_at`
 * is when the value was edited (the client's corrected edit time, or the server's receipt time):
 * the newer edit of a field wins (decision 0002). `revision` is the per-user answer revision
 * (`applications.answer_revision`) of the save that last changed the row.
 */
export const answers = pgTable(
  "answers",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: text("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }).notNull().defaultNow(),
    revision: bigint("revision", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Per-applicant application state (one application per account). */
export const applications = pgTable("applications", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastPage: text("last_page"),
  /** Set once by POST /api/submit; from then on answers, counts and tabs are read-only (decision 0005). */
  submittedAt: timestamp("submitted_at", { withTimezone: true }),
  /** Bumped by every save that changes at least one answer; the row lock serialises a user's writes. */
  answerRevision: bigint("answer_revision", { mode: "number" }).notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const webStatusEntries = pgTable(
  "web_status_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    webStatus: text("web_status").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("web_status_user_idx").on(t.userId),
    check("web_status_value", sql`${t.webStatus} in ('started', 'validating', 'submitted')`),
  ],
);

/**
 * Spec §4 add another: how many blocks of each repeated section (by its button id) the applicant
 * has opened. A count never goes down (decision 0005): a save keeps the greater of the stored and
 * the sent count, so a device that missed another's "Add another" cannot hide a block.
 */
export const addAnotherCounts = pgTable(
  "add_another_counts",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    buttonId: text("button_id").notNull(),
    numComponents: integer("num_components").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.buttonId] }),
    check("add_another_num_components", sql`${t.numComponents} between 1 and 10`),
  ],
);

/** Spec §4 tabs: the tab the applicant chose in each tabbed section (by its tab id); the last save wins. */
export const tabChoices = pgTable(
  "tab_choices",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tabId: text("tab_id").notNull(),
    chosenTab: text("chosen_tab").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tabId] })],
);

/**
 * The last applied `X-Client-Seq` of each client (device) of a user (decision 0002): the next
 * request must carry `last_seq + 1`. Its row is locked for the length of a save.
 */
export const clientSequences = pgTable(
  "client_sequences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] })],
);

/** The latest client validation report of each user (`POST /api/validations`): key → messages. */
export const validationReports = pgTable("validation_reports", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  report: jsonb("report").$type<Record<string, string[]>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const loginEvents = pgTable(
  "login_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("login_events_user_idx").on(t.userId)],
);

/**
 * The first outcome of each idempotent request, so a retried save returns it again instead of
 * applying twice. Rows are written in the same transaction as the change they guard.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code").notNull(),
    response: jsonb("response").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_created_idx").on(t.createdAt)],
);

/**
 * The pending sign-up confirmation code of an account: one per user, replaced by every new code.
 * Only a SHA-256 of the user id and code is stored; `used_at` makes it single use.
 */
export const confirmationCodes = pgTable("confirmation_codes", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/**
 * The passwords chosen by the sign-ups of an account that is not yet confirmed (issue 36: a second
 * sign-up must not replace the first one's password). Each sign-up's password is kept with the
 * browsers that chose it (SHA-256 of the `signup` cookie's token); confirmation gives the account
 * the password chosen in the confirming browser, never one chosen elsewhere. At most
 * MAX_PENDING_PASSWORDS per account; deleted when the account is confirmed.
 */
export const signupPasswords = pgTable(
  "signup_passwords",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    passwordHash: text("password_hash").notNull(),
    browserTokenHashes: text("browser_token_hashes").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [index("signup_passwords_user_idx").on(t.userId)],
);

/** Password reset links: the SHA-256 of the random token in the link, single use, short-lived. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/**
 * Read-only links to one applicant's application (spec §6 service user, §7 `GET /service/tmp-pdf`):
 * only the SHA-256 of the 256-bit token is kept, with the account it opens and its expiry, so a
 * database leak yields no usable link. `purpose` says who minted it: `pdf` (the application PDF
 * job's own print), `staff` (`npm run service:link`, the staff review) or `integration` (an outside
 * system's `POST /integration/v1/applications/{id}/service-link`). Valid until `expires_at`, however often
 * used; nothing but the service rendering's read accepts it.
 */
export const serviceTokens = pgTable(
  "service_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("service_tokens_user_idx").on(t.userId),
    index("service_tokens_expires_at_idx").on(t.expiresAt),
    check("service_tokens_purpose", sql`${t.purpose} in ('pdf', 'staff', 'integration')`),
  ],
);

/**
 * Counters behind every throttle and rate limit (login failures per address and per IP, codes and
 * reset mails per address, wrong codes per address), shared by all API processes. The subject
 * (an address or IP) is stored as a SHA-256, so addresses that never became accounts are not kept.
 */
export const throttles = pgTable(
  "throttles",
  {
    scope: text("scope").notNull(),
    subjectHash: text("subject_hash").notNull(),
    count: integer("count").notNull().default(0),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.subjectHash] }),
    index("throttles_window_start_idx").on(t.windowStart),
  ],
);

/**
 * Schools for the `college_ceeb` and `hs_ceeb` lookups, imported with `npm run lookup:import`.
 * `name_search` is the name lower-cased with accents, apostrophes and punctuation folded
 * (`normalizeSchoolName`); the `text_pattern_ops` index serves "name starts with" in any locale,
 * and the word-prefix and contains matches scan one category (a few thousand rows).
 */
export const schools = pgTable(
  "schools",
  {
    category: text("category").notNull(),
    ceeb: text("ceeb").notNull(),
    name: text("name").notNull(),
    nameSearch: text("name_search").notNull(),
    addressLine1: text("address_line_1"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    country: text("country").notNull().default("USA"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.category, t.ceeb] }),
    index("schools_name_search_idx").on(t.category, t.nameSearch.op("text_pattern_ops")),
    check("schools_category", sql`${t.category} in ('college_ceeb', 'hs_ceeb')`),
  ],
);

/**
 * Keys every process must share (the HMAC keys of upload policies and view links): made at random
 * by the first process that needs one (insert, on conflict keep the existing row) and read by all.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  /** Base64 of 32 random bytes. */
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/**
 * Spec §3 document answer: the file an applicant uploaded for a file question, one per question.
 * `object_key` is the upload in the object store, under the applicant's prefix
 * (`applicants/{user}/uploads/{question}/{random}`, decision 0009); name and size are what the
 * applicant sees. Removing a row removes its object (server/services/documents.ts).
 */
export const documentAnswers = pgTable(
  "document_answers",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    answerKey: text("answer_key").notNull(),
    objectKey: text("object_key").notNull(),
    fileName: text("file_name").notNull(),
    fileSize: integer("file_size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.answerKey] }),
    check("document_answers_file_size", sql`${t.fileSize} between 1 and 1048576`),
  ],
);

/**
 * Spec §3–§4 document conversion of a question's upload to PDF, one per question, run by a
 * `convert-document` job whose id is this row's id (server/jobs). The status lives here, not in a
 * process, so any API process answers the polling; `message` says why a FAILED file was refused.
 */
export const documentConversions = pgTable(
  "document_conversions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    answerKey: text("answer_key").notNull(),
    /** The uploaded object to convert (the document answer's object when the job was queued). */
    sourceKey: text("source_key").notNull(),
    /** The applicant's file name: a hint for the converter's messages, never used to decide the type. */
    fileName: text("file_name").notNull(),
    status: text("status").notNull().default("UNPROCESSED"),
    message: text("message"),
    /** The PDF, once COMPLETED: `applicants/{user}/converted/{question}/{random}.pdf`. */
    pdfKey: text("pdf_key"),
    /** The engine that made the PDF (logs and support), e.g. "libreoffice". */
    engine: text("engine"),
    /** Job runs started (a crash or timeout can end one without a status change). */
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("document_conversions_user_answer").on(t.userId, t.answerKey),
    check(
      "document_conversions_status",
      sql`${t.status} in ('UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED')`,
    ),
  ],
);

/**
 * "Continue on another device" links (decision 0012): a copy of an anonymous visitor's draft that
 * the link's token opens until `expires_at`. One row per draft (the SHA-256 of the device's random
 * draft id): a new link from the same draft replaces the row, so the old token stops working. The
 * token is stored as its SHA-256, and the copy is sealed (AES-256-GCM) with a key derived from the
 * token, so the database alone reveals neither the link nor the answers.
 */
export const draftLinks = pgTable(
  "draft_links",
  {
    draftIdHash: text("draft_id_hash").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    /** base64url of IV, GCM tag and ciphertext of `{ answers, edited_at }`. */
    sealed: text("sealed").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("draft_links_expires_at_idx").on(t.expiresAt)],
);

/**
 * The application PDF (spec §4 "PDF download", §7 `GET /api/pdf`): one row per applicant, for the
 * application as it was when the row was made. `content_key` is a digest of everything the PDF
 * shows (answers' revision, add-another counts, tabs, documents and their conversions:
 * server/services/application-content-key.ts); while the application still has that key the row
 * is current and its PDF is reused, and once it differs a new row replaces it. The row's id is the
 * `render-application-pdf` job's id; its status lives here, not in a process.
 */
export const applicationPdfs = pgTable(
  "application_pdfs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The language it is written in (issue 35): the applicant's copy is in theirs, the office's
     * (integration API, staff review) in English; one row per applicant and language.
     */
    language: text("language").notNull().default("en"),
    contentKey: text("content_key").notNull(),
    status: text("status").notNull().default("UNPROCESSED"),
    /** Why a FAILED PDF could not be made, in words for the applicant. */
    message: text("message"),
    /** The PDF, once COMPLETED: `applicants/{user}/application/{random}.pdf`. */
    pdfKey: text("pdf_key"),
    /** The name the download gets, e.g. "Northbridge application - Ada Lovelace.pdf". */
    fileName: text("file_name"),
    /** Job runs started (a crash or timeout can end one without a status change). */
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("application_pdfs_user_language").on(t.userId, t.language),
    check("application_pdfs_language", sql`${t.language} in ('en', 'es')`),
    check(
      "application_pdfs_status",
      sql`${t.status} in ('UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED')`,
    ),
  ],
);

/**
 * Keys of outside systems (an admissions CRM) for the integration API (`/integration/v1/`, decision
 * 0022): read-only, one per system, named by the operator (`npm run api-key:create -- --name crm`).
 * Only the SHA-256 of the 256-bit key is kept. A revoked key stays, so the audit log still names
 * it; a name is taken by at most one key that is not revoked.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_keys_active_name_idx").on(t.name).where(sql`${t.revokedAt} is null`)],
);

/**
 * Staff of the admissions office who review applications in the browser (decision 0022): accounts
 * of their own, never applicants'. Invited by `npm run staff:invite`; the password is set through
 * the invitation's link (null until then), and every sign-in also needs a code sent by e-mail.
 */
export const staffUsers = pgTable("staff_users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Trimmed and lower-cased. */
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash"),
  createdAt: createdAt(),
});

/** Invitations to set a staff password: SHA-256 of the link's 256-bit token, single use. */
export const staffInvites = pgTable(
  "staff_invites",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("staff_invites_staff_idx").on(t.staffId)],
);

/**
 * A staff sign-in between its two steps: the password was right, the e-mailed code is awaited.
 * Keyed by the SHA-256 of the HttpOnly cookie that carries it; the code is stored as a SHA-256 of
 * the row and the code; a few wrong codes end it.
 */
export const staffSignIns = pgTable(
  "staff_sign_ins",
  {
    idHash: text("id_hash").primaryKey(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    wrongCodes: integer("wrong_codes").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_sign_ins_expires_at_idx").on(t.expiresAt)],
);

/** Staff sessions: like applicants' (SHA-256 of a 128-bit cookie token, idle and absolute expiry). */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("staff_sessions_staff_idx").on(t.staffId),
    index("staff_sessions_expires_at_idx").on(t.expiresAt),
  ],
);

/**
 * Every read of applications by an outside system or a staff member (decision 0022): who (the API
 * key or the staff account), what (the route, or the staff action), which application (null for a
 * list), when. The application is a plain id, not a reference: the record outlives the account.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id),
    staffId: uuid("staff_id").references(() => staffUsers.id),
    action: text("action").notNull(),
    applicationId: uuid("application_id"),
  },
  (t) => [
    index("audit_log_application_idx").on(t.applicationId),
    index("audit_log_at_idx").on(t.at),
    check("audit_log_one_actor", sql`(${t.apiKeyId} is null) <> (${t.staffId} is null)`),
  ],
);

/**
 * Webhook events (decision 0022): one row per event, its id the delivery job's and the
 * `Webhook-Id` header, with the exact body sent. `status`: pending until a 2xx answer (delivered)
 * or until the retries run out (failed).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    applicationId: uuid("application_id").notNull(),
    body: text("body").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_deliveries_application_idx").on(t.applicationId),
    check("webhook_deliveries_status", sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/** Every attempt to deliver a webhook event: when, to where, the answer's status or the error. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** The receiver's HTTP status; null when no answer came (refused, timed out). */
    statusCode: integer("status_code"),
    /** Why it failed, in words (never the body we sent). Null for a 2xx. */
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId)],
);
