// Control characters typed or pasted into an answer are dropped before it is stored: they are
// invisible, mean nothing in an application, and one of them (NUL) cannot be stored by the
// database at all. Kept: the tab, and in text areas the line feed (a text input holds one line).
// The server has its own rule for what reaches it anyway; this makes the case rare.

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const ONE_LINE = /[\u0000-\u0008\u000A-\u001F\u007F]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const MULTILINE = /[\u0000-\u0008\u000B-\u001F\u007F]/g;

/** `value` without C0 control characters (but tab; and line feed when `multiline`) or DEL. */
export function stripControlCharacters(value: string, multiline: boolean): string {
  const pattern = multiline ? MULTILINE : ONE_LINE;
  // The search is the common case, on every keystroke; the copy only when there is something to drop.
  pattern.lastIndex = 0;
  if (!pattern.test(value)) return value;
  return value.replace(pattern, "");
}
