import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DateField, DateInput, DateSegment, Label } from "react-aria-components";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import {
  missingSpanish,
  packageOfStrings,
  placeholdersOf,
  SLOTS_KEY,
  slotSource,
} from "../../vite-plugins/react-aria-spanish";
import { AriaLocale } from "./aria-locale";
import { fillReactAriaSpanish } from "./react-aria-spanish";
import { showLanguage } from "./translations";

const require = createRequire(import.meta.url);
const modules = path.resolve(path.dirname(require.resolve("react-aria/package.json")), "..");

/**
 * The React Aria packages whose strings the app's parts show or announce (the build's
 * `intlStrings` tables: the date picker, the selects' and combo boxes' lists, popovers' and
 * modals' dismiss buttons, the toasts), with their English tables.
 */
const SHIPPED: Readonly<Record<string, string>> = {
  "@react-aria/calendar": "react-aria/dist/private/intl/calendar/en-US.mjs",
  "@react-aria/combobox": "react-aria/dist/private/intl/combobox/en-US.mjs",
  "@react-aria/datepicker": "react-aria/dist/private/intl/datepicker/en-US.mjs",
  "@react-aria/menu": "react-aria/dist/private/intl/menu/en-US.mjs",
  "@react-aria/overlays": "react-aria/dist/private/intl/overlays/en-US.mjs",
  "@react-aria/spinbutton": "react-aria/dist/private/intl/spinbutton/en-US.mjs",
  "@react-aria/toast": "react-aria/dist/private/intl/toast/en-US.mjs",
  "@react-stately/datepicker": "react-stately/dist/private/intl/datepicker/en-US.mjs",
  "react-aria-components": "react-aria-components/dist/private/intl/en-US.mjs",
};

type Strings = Record<string, unknown>;

const importDefault = async (file: string) =>
  ((await import(pathToFileURL(path.join(modules, file)).href)) as { default: Strings }).default;

/** The slot module the build makes for a package, run as the browser would. */
function runSlot(packageName: string): Strings {
  return new Function(slotSource(packageName).replace("export default", "return"))() as Strings;
}

const slots = () =>
  (globalThis as unknown as Record<symbol, Record<string, Strings> | undefined>)[Symbol.for(SLOTS_KEY)];

afterEach(async () => {
  delete (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(SLOTS_KEY)];
  await showLanguage("en");
});

describe("React Aria's own strings in Spanish (issue 35)", () => {
  it("names each string table by the package React Aria files its Spanish under", () => {
    expect(packageOfStrings("/x/node_modules/react-aria/dist/private/datepicker/intlStrings.mjs")).toBe(
      "@react-aria/datepicker",
    );
    expect(
      packageOfStrings("C:\\x\\node_modules\\react-stately\\dist\\private\\datepicker\\intlStrings.mjs"),
    ).toBe("@react-stately/datepicker");
    expect(packageOfStrings("/x/node_modules/react-aria-components/dist/private/intlStrings.mjs")).toBe(
      "react-aria-components",
    );
    expect(packageOfStrings("/x/src/i18n/intlStrings.mjs")).toBeNull();
  });

  it("has every string, with its placeholders, for each package the app ships", async () => {
    const published = (await import("react-aria-components/i18n/es-ES")) as unknown as {
      default: Record<string, Strings>;
    };
    for (const [packageName, englishFile] of Object.entries(SHIPPED)) {
      const english = await importDefault(englishFile);
      expect(missingSpanish(packageName, english, published.default[packageName])).toEqual([]);
    }
  });

  it("says which string a Spanish lacks, and which placeholder it drops or renames", () => {
    const english = {
      calendar: "Calendar",
      selectedDateDescription: (args: { date: string }) => `Selected Date: ${args.date}`,
      dateRange: (args: { startDate: string; endDate: string }) => `${args.startDate} to ${args.endDate}`,
    };
    const spanish = {
      selectedDateDescription: () => "Fecha seleccionada",
      dateRange: (args: { start: string; endDate: string }) => `${args.start} a ${args.endDate}`,
    };
    expect(missingSpanish("@react-aria/datepicker", english, spanish)).toEqual([
      "@react-aria/datepicker: calendar",
      "@react-aria/datepicker: selectedDateDescription uses {}, not {date}",
      "@react-aria/datepicker: dateRange uses {endDate,start}, not {endDate,startDate}",
    ]);
    expect(missingSpanish("@react-aria/toast", english, undefined)).toEqual([
      "@react-aria/toast: no Spanish at all",
    ]);
  });

  it("finds a placeholder inside a plural's or a select's forms", async () => {
    const combobox = await importDefault(SHIPPED["@react-aria/combobox"] ?? "");
    expect(placeholdersOf(combobox.focusAnnouncement)).toEqual([
      "groupCount",
      "groupTitle",
      "isGroupChange",
      "isSelected",
      "optionText",
    ]);
  });

  it("fills the build's slots when Spanish loads, those asked for before and after alike", () => {
    const before = runSlot("@react-aria/datepicker");
    expect(before).toEqual({});
    fillReactAriaSpanish();
    expect(before.calendar).toBe("Calendario");
    expect(runSlot("@react-aria/datepicker")).toBe(before);
    expect(runSlot("@react-aria/overlays").dismiss).toBe("Descartar");
    expect(Object.keys(slots() ?? {})).toEqual(expect.arrayContaining(Object.keys(SHIPPED)));
  });

  it("gives React Aria the page's language: a date field's order and segment names follow it", async () => {
    const field = () =>
      renderToStaticMarkup(
        <AriaLocale>
          <DateField>
            <Label>Birth Date</Label>
            <DateInput>{(segment) => <DateSegment segment={segment} />}</DateInput>
          </DateField>
        </AriaLocale>,
      );
    const order = (html: string) =>
      [...html.matchAll(/data-type="(day|month|year)"/g)].map((match) => match[1]);
    expect(order(field())).toEqual(["month", "day", "year"]);
    expect(field()).toContain('aria-label="month');
    await showLanguage("es");
    expect(order(field())).toEqual(["day", "month", "year"]);
    expect(field()).toContain('aria-label="día');
  });
});
