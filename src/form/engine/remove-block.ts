import type { Section } from "../catalogue-types";
import { answerKeysOf } from "./question-keys";
import { expandRepeat } from "./visibility";

type Answers = Readonly<Record<string, string>>;

// Issue 37, point 9: a block of a repeated section ("Colleges and universities 2") can be removed.
// The blocks after it move up (their answers to the block before) and the last shown block is
// emptied, so the count goes down by one and nothing the applicant kept moves out of sight. A
// file cannot move up (its document is stored under its question's key, on the device and the
// server): the removed block's own files are deleted, and a later block's file stops the removal.

export type BlockRemoval = {
  /** Text answers that change, in the blocks' order: the later blocks' moved up, the last cleared. */
  changes: [string, string][];
  /** The removed block's file questions that hold a file: deleted with it. */
  files: string[];
  /** File questions of later blocks that hold a file: the removal cannot move them. */
  stuck: string[];
};

/**
 * What removing block `index` (0-based) of the `count` shown means for these answers;
 * `hasFile(key)` says whether a file question holds a file (its answer, or a file on the device).
 */
export function planBlockRemoval(
  section: Section,
  index: number,
  count: number,
  answers: Answers,
  hasFile: (key: string) => boolean = (key) => (answers[key] ?? "") !== "",
): BlockRemoval {
  const blocks = expandRepeat(section, count);
  const removal: BlockRemoval = { changes: [], files: [], stuck: [] };
  for (let at = index; at < blocks.length; at++) {
    const here = blocks[at]?.questions ?? [];
    const next = blocks[at + 1]?.questions;
    here.forEach((question, position) => {
      if (question.kind === "file") {
        if (hasFile(question.key)) (at === index ? removal.files : removal.stuck).push(question.key);
        return;
      }
      const from = next?.[position] ? answerKeysOf(next[position]) : [];
      answerKeysOf(question).forEach((key, part) => {
        const source = from[part];
        const value = source === undefined ? "" : (answers[source] ?? "");
        if ((answers[key] ?? "") !== value) removal.changes.push([key, value]);
      });
    });
  }
  return removal;
}

/** The file questions of block `index` (`own`) and of the blocks after it (`later`). */
export function blockFileKeys(
  section: Section,
  index: number,
  count: number,
): { own: string[]; later: string[] } {
  const keys = (questions: readonly { kind: string; key: string }[]) =>
    questions.filter((question) => question.kind === "file").map((question) => question.key);
  const blocks = expandRepeat(section, count);
  return {
    own: keys(blocks[index]?.questions ?? []),
    later: blocks.slice(index + 1).flatMap((block) => keys(block.questions)),
  };
}

/** Whether block `index` holds any answer but a file (its files are `planBlockRemoval`'s). */
export function blockHoldsAnswers(section: Section, index: number, count: number, answers: Answers): boolean {
  const block = expandRepeat(section, count)[index];
  return (block?.questions ?? []).some(
    (question) =>
      question.kind !== "file" && answerKeysOf(question).some((key) => (answers[key] ?? "").trim() !== ""),
  );
}
