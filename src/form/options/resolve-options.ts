import type { Option, OptionSource, YearList } from "../catalogue-types";
import { EMPTY_OPTION } from "./empty-option";
import { OPTION_LISTS } from "./option-lists";

/** Spec §3 year list: `count` years from `start` (default: today's year) into the past or future. */
export function yearOptions(list: YearList, today: Date): Option[] {
  const start = list.start ?? today.getFullYear();
  const step = list.direction === "past" ? -1 : 1;
  const years = Array.from({ length: Math.max(0, list.count) }, (_, index) => String(start + step * index));
  return [EMPTY_OPTION, ...years.map((year) => ({ value: year, label: year }))];
}

/**
 * The options of a source, always starting with the "--" option (inline lists get it prepended
 * when they lack it). Radios render every option but the empty one.
 */
export function resolveOptions(source: OptionSource, today: Date): Option[] {
  if ("years" in source) {
    return yearOptions(source.years, today);
  }
  const options = "list" in source ? (OPTION_LISTS[source.list] ?? []) : source.options;
  return options[0]?.value === "" ? [...options] : [EMPTY_OPTION, ...options];
}

/**
 * The label of `value` in `source`, or undefined when the value is not one of its options. A year
 * list's label is the year itself, so it needs no date.
 */
export function optionLabel(source: OptionSource, value: string): string | undefined {
  if ("years" in source) {
    return /^\d{4}$/.test(value) ? value : undefined;
  }
  return resolveOptions(source, new Date()).find((option) => option.value === value)?.label;
}
