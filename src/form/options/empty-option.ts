import type { Option } from "../catalogue-types";

/** Spec §3: every option list starts with an empty option labelled "--". */
export const EMPTY_OPTION: Option = Object.freeze({ value: "", label: "--" });

/** A frozen list that starts with the "--" option. */
export function withEmptyOption(options: readonly Option[]): readonly Option[] {
  return Object.freeze([EMPTY_OPTION, ...options]);
}
