// Messages that arrive as finished English text (the server's refusals, the length message) are
// shown in another language by recognising the English message they were made from: each catalogue
// key is an ICU template ("This answer is longer than {limit} characters."), which is read back as
// a pattern; the values it matches are formatted into the translation. Part of a language's own
// chunk (decision 0025): English shows the text as it came.
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { MessageValues } from "./format-message";

type Token = string | [string] | [string, string, Record<string, Token[]>];

type Template = { id: string; pattern: RegExp; names: string[]; literal: number };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The regular expression of compiled tokens; `names` gets one entry per capture group, in order. */
function patternOf(tokens: readonly Token[], names: string[], pluralName?: string): string {
  return tokens
    .map((token) => {
      if (typeof token === "string") {
        if (token === "#" && pluralName !== undefined) {
          names.push(pluralName);
          return "(\\d+)";
        }
        return escapeRegExp(token);
      }
      const [name, kind, forms] = token;
      if (kind === "plural" && forms) {
        // Each form its own alternative; a number matched in any of them is the argument's value.
        // (The forms object may hold `offset` beside them.)
        return `(?:${Object.values(forms)
          .filter((form) => Array.isArray(form))
          .map((form) => patternOf(form, names, name))
          .join("|")})`;
      }
      names.push(name);
      return "(.+?)";
    })
    .join("");
}

function templateOf(id: string): Template | null {
  const tokens = compileMessage(id) as Token[];
  if (typeof tokens === "string" || tokens.every((token) => typeof token === "string")) return null;
  const names: string[] = [];
  const literal = tokens.reduce((sum, token) => sum + (typeof token === "string" ? token.length : 0), 0);
  return { id, pattern: new RegExp(`^${patternOf(tokens, names)}$`, "s"), names, literal };
}

/**
 * Finds, among `ids` (a catalogue's keys), the template an English message was made from, and the
 * values it was made with; null when none matches (the message is shown as sent).
 */
export function templateMatcher(ids: Iterable<string>) {
  // The most specific first: "Some answers were not saved: {keys}." would also match the longer
  // message that begins the same way, its value taking the rest.
  const templates = [...ids]
    .map(templateOf)
    .filter((template) => template !== null)
    .sort((a, b) => b.literal - a.literal);
  return (english: string): { id: string; values: MessageValues } | null => {
    for (const { id, pattern, names } of templates) {
      const match = pattern.exec(english);
      if (!match) continue;
      const values: Record<string, string | number> = {};
      names.forEach((name, i) => {
        const value = match[i + 1];
        if (value !== undefined) values[name] = /^\d+$/.test(value) ? Number(value) : value;
      });
      return { id, values };
    }
    return null;
  };
}
