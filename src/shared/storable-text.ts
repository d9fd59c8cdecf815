// The one rule for text that PostgreSQL cannot store (decision 0006), shared by the client (as
// applicants type) and the server (on every parsed body, query and path parameter). PostgreSQL's
// text and jsonb refuse U+0000, and a lone UTF-16 surrogate is not a character at all: jsonb
// refuses its escape and a text parameter is silently re-encoded as U+FFFD. Applying the rule
// before anything else keeps one value everywhere: the stored answer, the idempotency hash, the
// device's copy.

/** Any NUL or surrogate code unit: the only strings the rule changes contain one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

const REPLACEMENT_CHARACTER = "\uFFFD";

/**
 * `text` with every U+0000 removed and every lone surrogate replaced by U+FFFD (a paired
 * surrogate, i.e. an emoji or other astral character, is kept). Returns `text` itself when it has
 * neither, which is nearly always.
 */
export function toStorableText(text: string): string {
  if (!SUSPECT.test(text)) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) continue;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text.slice(i, i + 2);
        i++;
      } else {
        out += REPLACEMENT_CHARACTER;
      }
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      out += REPLACEMENT_CHARACTER;
    } else {
      out += String.fromCharCode(unit);
    }
  }
  return out;
}

/** Deeper than any body we accept (answers are two levels deep); deeper values are refused whole. */
export const MAX_JSON_DEPTH = 32;

export class NestingTooDeepError extends Error {
  constructor() {
    super(`Values may be nested at most ${MAX_JSON_DEPTH} levels deep.`);
    this.name = "NestingTooDeepError";
  }
}

/**
 * A parsed JSON value (or query/params object) with the rule applied to every string in it, object
 * keys included. Objects and arrays are copied only when something in them changed. Throws
 * NestingTooDeepError beyond MAX_JSON_DEPTH levels rather than leave a string unchecked.
 */
export function toStorableJson<T>(value: T): T {
  return normalise(value, 0) as T;
}

function normalise(value: unknown, depth: number): unknown {
  if (typeof value === "string") return toStorableText(value);
  if (typeof value !== "object" || value === null) return value;
  if (depth >= MAX_JSON_DEPTH) throw new NestingTooDeepError();
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = normalise(value[i], depth + 1);
      if (item !== value[i]) {
        copy ??= [...value];
        copy[i] = item;
      }
    }
    return copy ?? value;
  }
  // Only data objects are rebuilt: JSON objects, and parsed query strings, whose prototype chain
  // does not reach Object.prototype. Anything else (a Buffer, a stream) is left as it is.
  const plain = Object.getPrototypeOf(value) === Object.prototype;
  if (!plain && value instanceof Object) return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, item]): [string, unknown] => {
    const storableKey = toStorableText(key);
    const storableItem = normalise(item, depth + 1);
    if (storableKey !== key || storableItem !== item) changed = true;
    return [storableKey, storableItem];
  });
  if (!changed) return value;
  // Object.fromEntries defines own properties, so a "__proto__" key stays a plain key.
  const copy = Object.fromEntries(entries);
  return plain ? copy : Object.assign(Object.create(null), copy);
}
