import type { FormPage } from "../catalogue-types";
import { indexCatalogue } from "./catalogue-index";

/**
 * The answer key of every file question the pages declare (all repeat blocks and tabs): the only
 * keys an applicant may upload a document for.
 */
export function fileQuestionKeys(pages: readonly FormPage[]): Set<string> {
  const keys = new Set<string>();
  for (const [key, entry] of indexCatalogue(pages).byKey) {
    if (entry.question.kind === "file") keys.add(key);
  }
  return keys;
}
