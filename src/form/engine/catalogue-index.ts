import type { ConditionalSelectQuestion, FormPage, Question, Section } from "../catalogue-types";
import { answerKeysOf } from "./question-keys";
import { declaredBlocks } from "./visibility";

export type KeyEntry = { page: FormPage; section: Section; question: Question; prefix: string | null };

export type CatalogueIndex = {
  /** Every declared key (all repeat blocks and tabs) → where it is declared; the first declaration wins. */
  byKey: ReadonlyMap<string, KeyEntry>;
  /** Controller key → the conditional selects it controls (all repeat blocks). */
  controlled: ReadonlyMap<string, readonly ConditionalSelectQuestion[]>;
};

const cache = new WeakMap<readonly FormPage[], CatalogueIndex>();

/** An index of the pages' keys, built once per pages array. */
export function indexCatalogue(pages: readonly FormPage[]): CatalogueIndex {
  const cached = cache.get(pages);
  if (cached) return cached;
  const byKey = new Map<string, KeyEntry>();
  const controlled = new Map<string, ConditionalSelectQuestion[]>();
  for (const page of pages) {
    for (const section of page.sections) {
      for (const { prefix, questions } of declaredBlocks(section)) {
        for (const question of questions) {
          for (const key of answerKeysOf(question)) {
            if (!byKey.has(key)) byKey.set(key, { page, section, question, prefix });
          }
          if (question.kind === "conditionalSelect") {
            controlled.set(question.controllerKey, [
              ...(controlled.get(question.controllerKey) ?? []),
              question,
            ]);
          }
        }
      }
    }
  }
  const index = { byKey, controlled };
  cache.set(pages, index);
  return index;
}
