import type { Plugin } from "vite";

/**
 * React Aria asks Intl questions it does not need answered yet, and a page's first Intl call loads
 * the browser's locale data: 50–165 ms in one task of a first visit on a slow machine (issue 15,
 * decision 0018). This plugin replaces four of React Aria's modules so that a page uses Intl only
 * when something is formatted or compared: /education, /final-steps and the account pages then
 * never load the locale data on their own, /about only when its date of birth renders.
 *
 * - The default locale: the application is in American English only (its text, and React Aria's
 *   strings, which the build keeps for en-US alone); dates are laid out as en-US whatever the
 *   browser's language, instead of asking Intl which languages it supports while React Aria's
 *   modules are evaluated.
 * - A number formatter's check that `signDisplay` is supported, also run at evaluation: every
 *   browser we support has it.
 * - Collators (a select's type-ahead, a combo box's filter) and list formatters (a select's chosen
 *   value, only used when several are chosen) are made on first use, not on first render.
 *
 * Each replaced module must be found and match what it replaces, or the build fails: a React Aria
 * upgrade that moves them must be looked at, not silently undo this.
 */
const REPLACEMENTS: readonly { file: string; check: RegExp; source: string }[] = [
  {
    file: "react-aria/dist/private/i18n/useDefaultLocale.mjs",
    check: /export \{\S+ as getDefaultLocale, \S+ as useDefaultLocale\}/,
    source: `
const enUS = { locale: "en-US", direction: "ltr" };
export function getDefaultLocale() { return enUS; }
export function useDefaultLocale() { return enUS; }
`,
  },
  {
    file: "react-aria/dist/private/i18n/useCollator.mjs",
    check: /new Intl\.Collator\(locale, options\)/,
    source: `
import { useLocale } from "./I18nProvider.mjs";
const cache = new Map();
export function useCollator(options) {
  const { locale } = useLocale();
  const key = locale + (options ? Object.entries(options).sort((a, b) => (a[0] < b[0] ? -1 : 1)).join() : "");
  let collator = cache.get(key);
  if (!collator) {
    let made;
    const real = () => (made ??= new Intl.Collator(locale, options));
    collator = { compare: (a, b) => real().compare(a, b), resolvedOptions: () => real().resolvedOptions() };
    cache.set(key, collator);
  }
  return collator;
}
`,
  },
  {
    file: "react-aria/dist/private/i18n/useListFormatter.mjs",
    check: /new Intl\.ListFormat\(locale, options\)/,
    source: `
import { useLocale } from "./I18nProvider.mjs";
const cache = new Map();
export function useListFormatter(options = {}) {
  const { locale } = useLocale();
  const key = locale + JSON.stringify(options);
  let formatter = cache.get(key);
  if (!formatter) {
    let made;
    const real = () => (made ??= new Intl.ListFormat(locale, options));
    formatter = {
      format: (list) => real().format(list),
      formatToParts: (list) => real().formatToParts(list),
      resolvedOptions: () => real().resolvedOptions(),
    };
    cache.set(key, formatter);
  }
  return formatter;
}
`,
  },
];

/** The probe in @internationalized/number, replaced by its answer in every supported browser. */
const SIGN_DISPLAY_FILE = "@internationalized/number/dist/private/NumberFormatter.mjs";
const SIGN_DISPLAY_PROBE =
  /(let (\$\w+\$var\$supportsSignDisplay) = )false;\s*try \{\s*\2 = new Intl\.NumberFormat\('de-DE', \{\s*signDisplay: 'exceptZero'\s*\}\)\.resolvedOptions\(\)\.signDisplay === 'exceptZero';\s*\/\/ eslint-disable-next-line no-empty\s*\} catch\s*\{\}/;

const normalise = (id: string) => id.replaceAll("\\", "/").split("?")[0] ?? id;

export function reactAriaLazyIntl(): Plugin {
  const replaced = new Set<string>();
  let sawReactAria = false;
  return {
    name: "react-aria-lazy-intl",
    enforce: "pre",
    transform(code, id) {
      const path = normalise(id);
      if (path.includes("node_modules/react-aria/")) sawReactAria = true;
      if (path.endsWith(SIGN_DISPLAY_FILE)) {
        if (!SIGN_DISPLAY_PROBE.test(code)) this.error(`${SIGN_DISPLAY_FILE}: its signDisplay probe changed`);
        replaced.add(SIGN_DISPLAY_FILE);
        return { code: code.replace(SIGN_DISPLAY_PROBE, "$1true;"), map: null };
      }
      const replacement = REPLACEMENTS.find(({ file }) => path.endsWith(`node_modules/${file}`));
      if (!replacement) return null;
      if (!replacement.check.test(code)) this.error(`${replacement.file} changed: look at it again`);
      replaced.add(replacement.file);
      return { code: replacement.source, map: null };
    },
    buildEnd(error) {
      // Only a build that bundles React Aria (not the service worker's) must have met them all.
      if (error || !sawReactAria) return;
      const missing = [...REPLACEMENTS.map(({ file }) => file), SIGN_DISPLAY_FILE].filter(
        (file) => !replaced.has(file),
      );
      if (missing.length > 0) this.error(`react-aria-lazy-intl found no ${missing.join(", ")}`);
    },
  };
}
