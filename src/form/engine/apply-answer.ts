import type { FormPage } from "../catalogue-types";
import { optionLabel } from "../options/resolve-options";
import { type CatalogueIndex, indexCatalogue } from "./catalogue-index";
import { hiddenAnswerKeys } from "./hidden-keys";
import { codedSource } from "./question-keys";

type Answers = Readonly<Record<string, string>>;

/** Guards against a catalogue whose rules never settle; real cascades take a few rounds. */
const MAX_ROUNDS = 50;

const descKey = (key: string) => `${key}_desc`;

function write(next: Record<string, string>, key: string, value: string): boolean {
  if ((next[key] ?? "") === value) return false;
  next[key] = value;
  return true;
}

/** Empties a key and its `_desc` companion; true when something changed. */
function clear(next: Record<string, string>, key: string): boolean {
  const cleared = write(next, key, "");
  return write(next, descKey(key), "") || cleared;
}

function writeWithDesc(
  next: Record<string, string>,
  index: CatalogueIndex,
  key: string,
  value: string,
  label?: string,
) {
  write(next, key, value);
  const entry = index.byKey.get(key);
  const source = entry ? codedSource(entry.question, key, next) : undefined;
  if (!source) return;
  write(next, descKey(key), value === "" ? "" : (label ?? optionLabel(source, value) ?? ""));
}

function changes(before: Answers, after: Answers): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const [key, value] of Object.entries(after)) {
    if ((before[key] ?? "") !== value) changed[key] = value;
  }
  return changed;
}

/**
 * Every answer that must change when `key` is set to `value` (spec §3–§4), as a map to write:
 * - the key, and for coded kinds its `${key}_desc` (the chosen option's label, or `opts.label`;
 *   "" when cleared);
 * - conditional selects controlled by any changed key, cleared with their `_desc`;
 * - keys that became hidden (hidden sections, hidden questions, group cases not kept), cleared with
 *   their `_desc`, repeated until nothing more changes (a clearing can hide more).
 * Keys whose value would not change are never returned.
 */
export function applyAnswer(
  pages: readonly FormPage[],
  answers: Answers,
  key: string,
  value: string,
  opts: { label?: string } = {},
): Record<string, string> {
  const index = indexCatalogue(pages);
  const hiddenBefore = hiddenAnswerKeys(pages, answers);
  const next: Record<string, string> = { ...answers };
  writeWithDesc(next, index, key, value, opts.label);

  for (let round = 0, changedThisRound = true; changedThisRound && round < MAX_ROUNDS; round++) {
    changedThisRound = false;
    for (const changedKey of Object.keys(changes(answers, next))) {
      for (const select of index.controlled.get(changedKey) ?? []) {
        if (select.key !== key && clear(next, select.key)) changedThisRound = true;
      }
    }
    for (const hiddenKey of hiddenAnswerKeys(pages, next)) {
      if (!hiddenBefore.has(hiddenKey) && clear(next, hiddenKey)) changedThisRound = true;
    }
  }
  return changes(answers, next);
}
