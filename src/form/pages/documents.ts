import { type DocumentRequest, partner } from "../../config/partner";
import type { FileQuestion, Rule, Section } from "../catalogue-types";

// The documents of decision 0014: a personal statement written or uploaded, a résumé, and (on Your
// Academics) a transcript per college and an English test score report. Their wording and whether
// a submission needs them are partner configuration.

/** A file question (spec §2 file input) for one of the partner's documents. */
export function documentQuestion(
  key: string,
  request: DocumentRequest,
  extra: { label?: string; visibleWhen?: Rule } = {},
): FileQuestion {
  return {
    kind: "file",
    key,
    label: extra.label ?? request.label,
    description: request.description,
    ...(extra.visibleWhen ? { visibleWhen: extra.visibleWhen } : {}),
    ...(request.required ? { checks: [{ type: "required" as const }] } : {}),
  };
}

const statement = partner.documents.personalStatement;

/**
 * Spec §4 tabs: the statement is written in the form or uploaded, never both. Leaving a tab clears
 * it (the upload's document and conversion are deleted first, see src/features/documents).
 */
export const personalStatementSection: Section = {
  id: "personal-statement",
  title: statement.label,
  description: statement.description,
  questions: [],
  tabs: {
    tabId: "personal_statement",
    defaultTab: "write",
    tabs: [
      {
        id: "write",
        label: "Write it here",
        questions: [
          {
            kind: "textarea",
            key: "personal_statement",
            label: statement.label,
            maxLength: partner.longTextLimit,
            rows: 12,
            ...(statement.required ? { checks: [{ type: "required" as const }] } : {}),
          },
        ],
      },
      {
        id: "upload",
        label: "Upload a file",
        questions: [
          {
            ...documentQuestion("personal_statement_file", statement),
            // The section says what to write; the field says what to upload.
            description: "Your statement as a PDF, Word document or image.",
          },
        ],
      },
    ],
  },
};

export const resumeSection: Section = {
  id: "resume",
  title: partner.documents.resume.label,
  questions: [documentQuestion("resume_file", partner.documents.resume)],
};
