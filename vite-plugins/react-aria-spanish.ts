import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);

/**
 * React Aria's own words (a date field's "día", a popover's "Descartar", a combo box's "3 opciones
 * disponibles") in Spanish on Spanish pages, without them on the English first screen or in the
 * English parts (issue 35, decision 0025). Two moves:
 *
 * - Each of React Aria's string tables (`intlStrings.mjs`, one per package) imports a file per
 *   locale; optimize-locales-plugin empties all but `en-US`'s. Here the `es-ES` import (the one
 *   Spanish React Aria has, used for `es-US`) becomes a slot instead: an object kept under
 *   `Symbol.for(SLOTS_KEY)`, empty until the Spanish chunk loads (src/i18n/react-aria-spanish.ts)
 *   and fills every slot from React Aria's published Spanish (`react-aria-components/i18n/es-ES`,
 *   the strings its LocalizedStringProvider would inline). A table is read when a component asks
 *   for a string, so a slot filled later is seen; nothing shows Spanish before the chunk is loaded.
 * - The locale reaches React Aria through its `I18nProvider`, which the lazy parts render
 *   (src/i18n/aria-locale.tsx). Its code is moved out of `I18nProvider.mjs` (kept in the first
 *   screen's file for `useLocale`) into a module of its own, so it goes with the parts using it.
 *   Both languages are written left to right.
 *
 * The build fails when a package whose strings it ships has no Spanish for one of them
 * (`missingSpanish`), or when React Aria's files changed shape.
 */
export const SLOTS_KEY = "admissions.react-aria-spanish";

const SLOT_PREFIX = "\0react-aria-spanish:";
const PROVIDER_ID = "\0react-aria-i18n-provider";
const I18N_PROVIDER_FILE = "react-aria/dist/private/i18n/I18nProvider.mjs";
const I18N_PROVIDER_CHECK =
  /const \$\w+\$var\$I18nContext = \/\*#__PURE__\*\/ \(0, \$\w+\$react\)\.createContext\(null\);[\s\S]*export \{[\w$]+ as I18nProvider, [\w$]+ as useLocale\};/;

/** `…/react-aria/dist/private/datepicker/intlStrings.mjs` → `@react-aria/datepicker`, as React Aria names it. */
export function packageOfStrings(importer: string): string | null {
  const file = importer.replaceAll("\\", "/").split("?")[0] ?? importer;
  const match =
    /node_modules\/(react-aria|react-stately|react-aria-components)\/dist\/private\/(?:(\w+)\/)?intlStrings\.mjs$/.exec(
      file,
    );
  if (!match) return null;
  const [, library, area] = match;
  if (library === "react-aria-components") return area ? null : library;
  return area ? `@${library}/${area}` : null;
}

/** The slot's module: one object per package, shared by whichever file asks first. */
export function slotSource(packageName: string): string {
  return `const slots = (globalThis[Symbol.for(${JSON.stringify(SLOTS_KEY)})] ??= {});
export default (slots[${JSON.stringify(packageName)}] ??= {});`;
}

type Strings = Record<string, unknown>;

/** What an `args` object or a formatter is asked for when a message is made: its placeholders. */
export function placeholdersOf(message: unknown): string[] {
  if (typeof message !== "function") return [];
  const read = new Set<string>();
  const args = new Proxy(
    {},
    {
      get: (_, name) => {
        read.add(String(name));
        return 2;
      },
    },
  );
  const formatter = {
    // Every branch, so that a placeholder inside one form is seen.
    plural: (_: unknown, forms: Strings) =>
      Object.values(forms)
        .map((form) => (typeof form === "function" ? form() : form))
        .join(),
    select: (forms: Strings) =>
      Object.values(forms)
        .map((form) => (typeof form === "function" ? form() : form))
        .join(),
    number: String,
  };
  message(args, formatter);
  return [...read].sort();
}

/**
 * What a package's Spanish lacks against its English: a string, or a placeholder a Spanish string
 * drops or renames. Empty when the Spanish is whole.
 */
export function missingSpanish(
  packageName: string,
  english: Strings,
  spanish: Strings | undefined,
): string[] {
  if (!spanish) return [`${packageName}: no Spanish at all`];
  const missing: string[] = [];
  for (const [key, message] of Object.entries(english)) {
    if (!(key in spanish)) {
      missing.push(`${packageName}: ${key}`);
      continue;
    }
    const want = placeholdersOf(message).join();
    const have = placeholdersOf(spanish[key]).join();
    if (want !== have) missing.push(`${packageName}: ${key} uses {${have}}, not {${want}}`);
  }
  return missing;
}

export function reactAriaSpanish(): Plugin {
  /** Each package slotted, with its English table's file. */
  const slotted = new Map<string, string>();
  let movedProvider = false;
  return {
    name: "react-aria-spanish",
    enforce: "pre",
    resolveId(specifier, importer, options) {
      // Nothing to run when imported: a first screen's file that re-exports it need not load it.
      if (specifier === PROVIDER_ID) return { id: PROVIDER_ID, moduleSideEffects: false };
      if (!importer || options?.ssr || !/(^|\/)es-ES(\.mjs)?$/.test(specifier)) return null;
      const packageName = packageOfStrings(importer);
      if (!packageName) return null;
      slotted.set(packageName, path.resolve(path.dirname(importer), specifier.replace("es-ES", "en-US")));
      return `${SLOT_PREFIX}${packageName}`;
    },
    load(id) {
      if (id.startsWith(SLOT_PREFIX)) return slotSource(id.slice(SLOT_PREFIX.length));
      if (id === PROVIDER_ID) {
        const context = path.join(
          path.dirname(require.resolve("react-aria/package.json")),
          "dist/private/i18n/I18nProvider.mjs",
        );
        return `import { createElement, useMemo } from "react";
import { I18nContext } from ${JSON.stringify(context)};
export function I18nProvider({ locale = "en-US", children }) {
  const value = useMemo(() => ({ locale, direction: "ltr" }), [locale]);
  return createElement(I18nContext.Provider, { value }, children);
}`;
      }
      return null;
    },
    transform(code, id) {
      const file = id.replaceAll("\\", "/").split("?")[0] ?? id;
      if (!file.endsWith(`node_modules/${I18N_PROVIDER_FILE}`)) return null;
      if (!I18N_PROVIDER_CHECK.test(code)) this.error(`${I18N_PROVIDER_FILE} changed: look at it again`);
      movedProvider = true;
      return {
        code: `import { useDefaultLocale } from "./useDefaultLocale.mjs";
import React, { useContext } from "react";
export const I18nContext = /*#__PURE__*/ React.createContext(null);
export function useLocale() {
  const defaultLocale = useDefaultLocale();
  return useContext(I18nContext) || defaultLocale;
}
export { I18nProvider } from ${JSON.stringify(PROVIDER_ID)};
`,
        map: null,
      };
    },
    async generateBundle(_, bundle) {
      // The packages whose tables the output keeps (a table imported but shaken out is not read).
      const shipped = new Set(
        Object.values(bundle).flatMap((file) =>
          file.type === "chunk" ? file.moduleIds.filter((id) => id.startsWith(SLOT_PREFIX)) : [],
        ),
      );
      if (shipped.size === 0) return;
      if (!movedProvider) this.error(`react-aria-spanish found no ${I18N_PROVIDER_FILE}`);
      const published: unknown = await import("react-aria-components/i18n/es-ES");
      const spanish = (published as { default: Record<string, Strings> }).default;
      const missing: string[] = [];
      for (const id of shipped) {
        const packageName = id.slice(SLOT_PREFIX.length);
        const englishFile = slotted.get(packageName) ?? "";
        const english = (await import(pathToFileURL(englishFile).href)).default as Strings;
        missing.push(...missingSpanish(packageName, english, spanish[packageName]));
      }
      if (missing.length > 0) this.error(`React Aria's Spanish lacks ${missing.join("; ")}`);
    },
  };
}
