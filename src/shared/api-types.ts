// Shapes of the API's responses (spec §3, §7), shared by the server that sends them and the
// client that reads them.

export type WebStatusEntry = { web_status: string; created_at: string };

export type Profile = {
  answer: Record<string, string>;
  document_answer: DocumentAnswers;
  username: string;
  last_page: string | null;
  successful_login: { created_at: string }[];
  web_status: WebStatusEntry[];
  /** Add-another counts by button id (spec §3 service response); absent ids show the default 1. */
  add_another: Record<string, number>;
  /** Chosen tab by tab id (spec §3 service response); absent ids show the section's default tab. */
  tabs: Record<string, string>;
  /** The server clock (ms since the epoch) when the profile was read: the client's clock offset. */
  server_time: number;
};

/** PUT /api/answer (decision 0002). */
export type AnswerOutcome = {
  message: string;
  /** How many of the sent fields were written. */
  saved: number;
  saved_at: string;
  /** The server clock (ms since the epoch) at the save. */
  server_time: number;
  /** Fields where the server kept a newer edit than the one sent, with the server's value. */
  superseded: Record<string, string>;
};

export type MessageResponse = { message: string };

/** POST /api/submit refused because answers are missing or invalid: key → messages (spec §5). */
export type SubmitRefusal = { message: string; errors: Record<string, string[]> };

/** POST /api/submit accepted (or already done). */
export type SubmitOutcome = { message: string; submitted_at: string };

/** GET /api/add-another. PUT takes `{ button_id, num_components }` and answers the stored count. */
export type AddAnotherCounts = { add_another: Record<string, number> };
export type AddAnotherSaved = { message: string; button_id: string; num_components: number };

/** GET /api/tabs. PUT takes `{ tab_id, chosen_tab }` and answers the stored choice. */
export type TabChoicesResponse = { tabs: Record<string, string> };
export type TabSaved = { message: string; tab_id: string; chosen_tab: string };

/** Spec §3 document answer: `GET /api/document-answer` answers these by question key. */
export type DocumentAnswer = { file_name: string; file_size: number };
export type DocumentAnswers = Record<string, DocumentAnswer>;

/**
 * `POST /api/presigned-url { answer_key }`: post the file to `url` as multipart/form-data with
 * every entry of `fields` (unchanged, in any order) and then the file as `file`, last.
 */
export type PresignedUpload = { url: string; fields: Record<string, string> };

/** `POST /api/pdf/document-answer/{key} { file_key, file_name }` (202): the conversion is queued. */
export type DocumentAccepted = {
  message: string;
  status: "UNPROCESSED" | "IN_PROGRESS" | "COMPLETED" | "FAILED";
  file_name: string;
  file_size: number;
};

/**
 * `GET /api/pdf/document-answer/{key}` (spec §3 document answer status response): `url` is a
 * short-lived link to the PDF once COMPLETED, else null; `message` says why a FAILED file was refused.
 */
export type DocumentConversionState = {
  status: "COMPLETED" | "FAILED" | "IN_PROGRESS" | "UNPROCESSED" | "NOT_ANSWERED";
  message: string;
  url: string | null;
};

/**
 * GET /service/tmp-pdf (spec §3 "Service response"): what the read-only rendering of one
 * application needs, in the profile's shapes.
 */
export type ServiceResponse = {
  answer: Record<string, string>;
  /** Add-another counts by button id; absent ids show the default 1. */
  add_another: Record<string, number>;
  document_answer: DocumentAnswers;
  /** Chosen tab by tab id; absent ids show the section's default tab. */
  tabs: Record<string, string>;
};

/**
 * Spec §3 "PDF download response" (`GET /api/pdf`): `url` is a short-lived link to the PDF once
 * COMPLETED (else null); `message` says what is happening, or why it FAILED.
 */
export type ApplicationPdfState = {
  status: "UNPROCESSED" | "IN_PROGRESS" | "COMPLETED" | "FAILED";
  url: string | null;
  message: string;
};

/**
 * `GET /api/receipt` (issue 32): what the admissions office has received of the signed-in
 * applicant's application: when it was submitted (null before) and each uploaded document, named
 * as the application names it, with its conversion to the PDF the office reads.
 */
export type SubmissionReceipt = {
  submitted_at: string | null;
  documents: {
    key: string;
    label: string;
    file_name: string;
    file_size: number;
    status: "UNPROCESSED" | "IN_PROGRESS" | "COMPLETED" | "FAILED";
  }[];
};
