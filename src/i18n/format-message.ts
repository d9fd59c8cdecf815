// The English source messages' formatter: the subset of ICU MessageFormat the shell's messages use
// (`{name}`, and `{count, plural, one {…} other {…}}` with `#`), over Intl.PluralRules. English is
// the source language and needs no catalogue, so the first screen carries this (≈ 0.4 KiB) instead
// of the library; other languages go through @lingui/core, loaded with their catalogue (decision
// 0025). A unit test holds the two equal on every shell message.
export type MessageValues = Readonly<Record<string, string | number>>;

// Made at the first plural, not while the page starts: a first Intl call loads locale data (50–165
// ms on a slow machine; docs/architecture.md, First visit).
let intl: { plurals: Intl.PluralRules; numbers: Intl.NumberFormat } | undefined;
const english = () => {
  intl ??= { plurals: new Intl.PluralRules("en"), numbers: new Intl.NumberFormat("en") };
  return intl;
};

export function formatEnglish(message: string, values: MessageValues = {}): string {
  let out = "";
  let index = 0;
  while (index < message.length) {
    const open = message.indexOf("{", index);
    if (open === -1) break;
    out += message.slice(index, open);
    const close = matchingBrace(message, open);
    out += formatArgument(message.slice(open + 1, close), values);
    index = close + 1;
  }
  return out + message.slice(index);
}

function matchingBrace(message: string, open: number): number {
  let depth = 0;
  for (let at = open; at < message.length; at++) {
    if (message[at] === "{") depth++;
    else if (message[at] === "}" && --depth === 0) return at;
  }
  throw new Error(`Unbalanced braces in message: ${message}`);
}

function formatArgument(argument: string, values: MessageValues): string {
  const [name = "", type, ...rest] = argument.split(",");
  const value = values[name.trim()];
  if (type === undefined) return value === undefined ? `{${name.trim()}}` : String(value);
  if (type.trim() !== "plural") throw new Error(`Unsupported argument type: ${type}`);
  const count = Number(value);
  const { plurals, numbers } = english();
  const cases = pluralCases(rest.join(","));
  const chosen = cases.get(`=${count}`) ?? cases.get(plurals.select(count)) ?? cases.get("other") ?? "";
  return formatEnglish(chosen.replaceAll("#", numbers.format(count)), values);
}

/** `one {…} other {…}` → its cases by selector. */
function pluralCases(body: string): Map<string, string> {
  const cases = new Map<string, string>();
  let index = 0;
  while (index < body.length) {
    const open = body.indexOf("{", index);
    if (open === -1) break;
    const close = matchingBrace(body, open);
    cases.set(body.slice(index, open).trim(), body.slice(open + 1, close));
    index = close + 1;
  }
  return cases;
}
