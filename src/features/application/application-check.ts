import { partner } from "../../config/partner";
import { indexCatalogue } from "../../form/engine/catalogue-index";
import { validateAnswers } from "../../form/engine/validate";
import { formPages } from "../../form/pages/form-pages";
import { catalogueText, pageInLanguage } from "../../i18n/translations";
import { FORM_PAGES, type FormPagePath } from "../../shared/routes";
import { withHeldAnswers } from "../form/held-answers";
import { readChoices } from "../form/ui-choices";

export type ErrorMap = Record<string, readonly string[]>;

/**
 * The whole application checked as the server will check it at submission (spec §4 "Client
 * validation"): every page, required fields included, with this owner's add-another counts and tab
 * choices deciding what is visible. A value a field shows without storing it (a date of birth out
 * of range, `held-answers.ts`) is judged in place of the stored answer, so the summary and Submit
 * say what the field says.
 */
export async function checkApplication(
  owner: string,
  answers: Readonly<Record<string, string>>,
  { inEnglish = false }: { inEnglish?: boolean } = {},
): Promise<ErrorMap> {
  const { counts, tabs } = await readChoices(owner, formPages);
  // In the applicant's language (issue 35), unless asked in the catalogue's English: the report
  // the office receives (validation-report.ts).
  return validateAnswers(
    inEnglish ? formPages : formPages.map((page) => pageInLanguage(page)),
    withHeldAnswers(answers),
    {
      hostName: partner.name,
      today: new Date(),
      translate: inEnglish ? (english) => english : (english) => catalogueText(english),
    },
    { includeRequired: true, signedIn: true, counts, tabs },
  );
}

export type SummaryGroup = {
  path: FormPagePath;
  title: string;
  /** One entry per question: `key` is its anchor (`/{page}#{key}`), `message` all its errors. */
  errors: { key: string; message: string }[];
};

/** Messages read one after the other: each ends as a sentence ("Graduation Date. Please …"). */
export function joinMessages(messages: readonly string[]): string {
  return messages
    .map((message, i) => (i < messages.length - 1 && !/[.?!:]$/.test(message) ? `${message}.` : message))
    .join(" ");
}

/**
 * Errors grouped by the page that asks the question, in page order, one entry per question: the
 * two selects of a month/year pair, for example, are one entry with both fields' errors combined
 * and de-duplicated (spec §5), linked to the question, so no two links say the same thing and go
 * to different controls. Keys the catalogue does not know (a newer server's) stay entries of their
 * own, on About You.
 */
export function groupErrorsByPage(errors: ErrorMap): SummaryGroup[] {
  const { byKey } = indexCatalogue(formPages);
  const byQuestion = new Map<string, { page: string; key: string; messages: Set<string> }>();
  for (const [key, messages] of Object.entries(errors)) {
    if (messages.length === 0) continue;
    const entry = byKey.get(key);
    const anchor = entry ? entry.question.key : key;
    const found = byQuestion.get(anchor) ?? {
      page: `/${entry?.page.id ?? "about"}`,
      key: anchor,
      messages: new Set(),
    };
    for (const message of messages) found.messages.add(message);
    byQuestion.set(anchor, found);
  }
  return FORM_PAGES.flatMap(({ path, title: englishTitle }) => {
    const title = catalogueText(englishTitle);
    const list = [...byQuestion.values()]
      .filter((question) => question.page === path)
      .map(({ key, messages }) => ({ key, message: joinMessages([...messages]) }));
    return list.length > 0 ? [{ path, title, errors: list }] : [];
  });
}

/** Both lists of errors, de-duplicated per key (the server's may name fields the device does not). */
export function mergeErrors(local: ErrorMap, server: ErrorMap): ErrorMap {
  const merged: Record<string, readonly string[]> = { ...local };
  for (const [key, messages] of Object.entries(server)) {
    merged[key] = [...new Set([...(merged[key] ?? []), ...messages])];
  }
  return merged;
}
