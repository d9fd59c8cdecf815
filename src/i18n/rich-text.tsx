import { Fragment, type ReactNode } from "react";
import type { MessageValues } from "./format-message";

/** Marks an element's place in a formatted sentence: a character no message or value holds. */
const MARK = "\u{E000}";
const MARKED = new RegExp(`${MARK}(\\w+)${MARK}`);

/**
 * A message whose arguments are elements (a link inside a sentence): `format` writes each element's
 * argument as a marker, and the sentence is cut there, so a translation may put the link wherever
 * its language needs it. Plain values are formatted as usual.
 */
export function richText(
  format: (english: string, values?: MessageValues) => string,
  english: string,
  values: Readonly<Record<string, ReactNode>>,
): ReactNode {
  const markers: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    markers[name] = typeof value === "string" || typeof value === "number" ? value : `${MARK}${name}${MARK}`;
  }
  return format(english, markers)
    .split(MARKED)
    .map((part, i) => (i % 2 === 1 ? <Fragment key={part}>{values[part]}</Fragment> : part));
}
