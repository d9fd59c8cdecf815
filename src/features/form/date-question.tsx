import {
  type CalendarDate,
  DateFormatter,
  getLocalTimeZone,
  parseDate,
  today,
} from "@internationalized/date";
import { NumberFormatter, NumberParser } from "@internationalized/number";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
} from "react-aria-components";
import type { DateQuestion as DateQuestionData } from "../../form/catalogue-types";
import { AriaLocale } from "../../i18n/aria-locale";
import { Description, ErrorMessage, RequiredMark } from "./field-parts";
import { holdAnswer } from "./held-answers";
import { TypedDateInput } from "./typed-date-input";
import { useFieldErrors, useFieldErrorsController, useFieldEvents } from "./use-field-errors";
import { useQuestionAnswer } from "./use-form-answers";

/** What the engine is asked to judge while the segments hold an incomplete date. */
const INCOMPLETE_DATE = "incomplete";

/** Said when a date that does not exist (30 February) has no message of its question's own. */
const NO_SUCH_DATE_MESSAGE = "This date does not exist. Please check the day and the month.";

function parseStored(value: string): CalendarDate | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

/** True for YYYY-MM-DD naming a day the calendar has (not 30 February). */
function isRealDate(iso: string): boolean {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

type Typed = { state: "empty" } | { state: "partial" } | { state: "complete"; iso: string };

/**
 * What the applicant has typed, read from the segments as shown. React Aria keeps showing a day
 * the month does not have (02/30/2001) while it reports the nearest real date (2001-02-28): what is
 * stored must be what was typed, or nothing.
 */
function readTyped(group: HTMLElement): Typed {
  const parts: Record<string, string> = {};
  let filled = 0;
  let total = 0;
  for (const segment of group.querySelectorAll<HTMLElement>("[data-type]")) {
    const type = segment.getAttribute("data-type") ?? "";
    if (!["year", "month", "day"].includes(type)) continue;
    total += 1;
    if (segment.hasAttribute("data-placeholder")) continue;
    filled += 1;
    parts[type] = (segment.textContent ?? "").replace(/\D/g, "");
  }
  if (filled === 0) return { state: "empty" };
  if (filled < total || !parts.year || !parts.month || !parts.day) return { state: "partial" };
  const iso = `${parts.year.padStart(4, "0")}-${parts.month.padStart(2, "0")}-${parts.day.padStart(2, "0")}`;
  return { state: "complete", iso };
}

/**
 * The Intl work React Aria's date field does when it first renders, done beforehand, one step per
 * idle moment (ready-date-question.ts): a page's first Intl call loads the browser's locale data
 * (50–165 ms on a slow machine, issue 15), and each of these its own part (the formats' patterns,
 * French ones included, for a check of an old browser bug; the field names; numbers).
 */
export const DATE_FIELD_WARM_UPS: readonly (() => void)[] = [
  () => new DateFormatter("en-US", DATE_FIELD_FORMAT).formatToParts(new Date()),
  // resolvedOptions() also checks for an old browser bug with a French formatter.
  () => new DateFormatter("en-US", DATE_FIELD_FORMAT).resolvedOptions(),
  () => new Intl.DisplayNames("en-US", { type: "dateTimeField" }).of("day"),
  () => {
    new NumberFormatter("en-US", { useGrouping: false }).format(1);
    new NumberFormatter("en-US", { useGrouping: false, minimumIntegerDigits: 2 }).format(1);
    new NumberParser("en-US", { maximumFractionDigits: 0 }).parse("1");
  },
];

/** Like what React Aria's date field formats a month/day/year date with. */
const DATE_FIELD_FORMAT: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: "UTC",
};

/** Birthdays (autocomplete "bday") open the calendar and step the year from 18 years ago. */
const TYPICAL_AGE_YEARS = 18;

/**
 * A date typed in month/day/year segments or picked from a calendar. It stores YYYY-MM-DD only
 * when it is a real date the engine finds nothing wrong with (spec §5 birth date), and never
 * anything but what the applicant typed. A date it does not store stays in the field, held
 * (`holdAnswer`) so that the validation summary judges it too, and the field says why at once in
 * the spec's words ("You must be 13 years or older to apply."), whatever the web status; while
 * validating, its error shows as soon as the date is complete. An incomplete date says so when
 * the field is left.
 */
export function DateQuestion({ question, required }: { question: DateQuestionData; required: boolean }) {
  const { key } = question;
  const [stored, setValue] = useQuestionAnswer(key);
  const controller = useFieldErrorsController();
  const errors = useFieldErrors([key]);
  const events = useFieldEvents([key]);
  const [shown, setShown] = useState<CalendarDate | null>(() => parseStored(stored));
  /** Why the date in the field is not stored, when it is not. */
  const [unstored, setUnstored] = useState<string | null>(null);
  /** The field holds a date of its own that is not stored (so a cleared answer must not erase it). */
  const holding = useRef(false);
  const groupRef = useRef<HTMLDivElement>(null);
  const [placeholder] = useState(() =>
    question.autoComplete === "bday"
      ? today(getLocalTimeZone()).subtract({ years: TYPICAL_AGE_YEARS })
      : undefined,
  );

  // The summary judges what the field shows only while the field is there.
  useEffect(() => () => holdAnswer(key, null), [key]);

  // A value stored elsewhere (another tab, the server, a hidden section cleared) replaces the
  // field's, unless the field holds an unstored date of its own.
  useEffect(() => {
    const parsed = parseStored(stored);
    if (parsed) {
      setShown((current) => (current?.toString() === stored ? current : parsed));
      holdAnswer(key, null);
      holding.current = false;
      setUnstored(null);
    } else if (stored === "" && !holding.current) {
      setShown(null);
    }
  }, [stored, key, controller]);

  // Judges what the segments show after every change to them: the one place that decides what is
  // stored, so the date React Aria reports (corrected to a real one) is never stored by mistake.
  const judge = useEffectEvent(() => {
    const group = groupRef.current;
    if (!group) return;
    const typed = readTyped(group);
    if (typed.state === "empty") {
      holding.current = false;
      holdAnswer(key, null);
      setUnstored(null);
      if (stored !== "") setValue("");
      return;
    }
    if (typed.state === "partial") {
      // Being typed: nothing is said until the field is left (onBlur).
      holding.current = true;
      holdAnswer(key, INCOMPLETE_DATE);
      if (stored !== "") setValue("");
      return;
    }
    const problems = isRealDate(typed.iso)
      ? controller.errorsFor(key, typed.iso)
      : [controller.errorsFor(key, typed.iso)[0] ?? NO_SUCH_DATE_MESSAGE];
    if (problems.length === 0) {
      holding.current = false;
      holdAnswer(key, null);
      setUnstored(null);
      if (stored !== typed.iso) setValue(typed.iso);
    } else {
      holding.current = true;
      holdAnswer(key, typed.iso);
      setUnstored(problems[0] ?? NO_SUCH_DATE_MESSAGE);
      if (stored !== "") setValue("");
    }
    // Complete: while validating, its error (or the lack of one) shows now, not when it is left.
    events.committed();
  });

  useEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    const observer = new MutationObserver(() => judge());
    observer.observe(group, {
      subtree: true,
      childList: true,
      characterData: true,
      attributeFilter: ["data-placeholder"],
    });
    return () => observer.disconnect();
  }, []);

  const onBlur = () => {
    const group = groupRef.current;
    if (group && readTyped(group).state === "partial") {
      setUnstored(controller.errorsFor(key, INCOMPLETE_DATE)[0] ?? NO_SUCH_DATE_MESSAGE);
    }
    events.left();
  };

  // Why the date is not stored first; the same words as a validation error are not said twice.
  const shownErrors = unstored ? [unstored, ...errors.filter((error) => error !== unstored)] : errors;

  return (
    <AriaLocale>
      <DatePicker
        id={key}
        className="field"
        value={shown}
        onChange={setShown}
        onBlur={onBlur}
        isInvalid={shownErrors.length > 0}
        isRequired={required}
        validationBehavior="aria"
        autoComplete={question.autoComplete}
        placeholderValue={placeholder}
        shouldForceLeadingZeros
      >
        <Label className="field__label">
          {question.label}
          <RequiredMark required={required} />
        </Label>
        <Description text={question.description} />
        <Group ref={groupRef} className="date-input">
          <TypedDateInput className="date-input__segments">
            {(segment) => <DateSegment segment={segment} className="date-input__segment" />}
          </TypedDateInput>
          <Button className="date-input__button">
            <CalendarIcon />
          </Button>
        </Group>
        <ErrorMessage errors={shownErrors} keys={[key]} />
        <Popover className="popover" placement="bottom end">
          <Dialog className="calendar-dialog">
            <Calendar className="calendar">
              <header className="calendar__header">
                <Button slot="previous" className="calendar__nav">
                  <span aria-hidden="true">‹</span>
                </Button>
                <Heading className="calendar__heading" />
                <Button slot="next" className="calendar__nav">
                  <span aria-hidden="true">›</span>
                </Button>
              </header>
              <CalendarGrid className="calendar__grid">
                {(date) => <CalendarCell date={date} className="calendar__cell" />}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </AriaLocale>
  );
}

function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
