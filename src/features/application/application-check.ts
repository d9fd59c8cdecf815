import { partner } from "../../config/partner";
import { indexCatalogue } from "../../form/engine/catalogue-index";
import { validateAnswers } from "../../form/engine/validate";
import { formPages } from "../../form/pages/form-pages";
import { FORM_PAGES, type FormPagePath } from "../../shared/routes";
import { readChoices } from "../form/ui-choices";

export type ErrorMap = Record<string, readonly string[]>;

/**
 * The whole application checked as the server will check it at submission (spec §4 "Client
 * validation"): every page, required fields included, with this owner's add-another counts and tab
 * choices deciding what is visible.
 */
export async function checkApplication(
  owner: string,
  answers: Readonly<Record<string, string>>,
): Promise<ErrorMap> {
  const { counts, tabs } = await readChoices(owner, formPages);
  return validateAnswers(
    formPages,
    answers,
    { hostName: partner.name, today: new Date() },
    { includeRequired: true, signedIn: true, counts, tabs },
  );
}

export type SummaryGroup = {
  path: FormPagePath;
  title: string;
  errors: { key: string; message: string }[];
};

/** Errors grouped by the page that asks the question, in page order; one entry per message. */
export function groupErrorsByPage(errors: ErrorMap): SummaryGroup[] {
  const { byKey } = indexCatalogue(formPages);
  return FORM_PAGES.flatMap(({ path, title }) => {
    const entries = Object.entries(errors).filter(
      ([key, messages]) => messages.length > 0 && `/${byKey.get(key)?.page.id ?? "about"}` === path,
    );
    const list = entries.flatMap(([key, messages]) => messages.map((message) => ({ key, message })));
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
