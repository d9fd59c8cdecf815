import { type CalendarDate, getLocalTimeZone, parseDate, today } from "@internationalized/date";
import { useEffect, useRef, useState } from "react";
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
} from "react-aria-components";
import type { DateQuestion as DateQuestionData } from "../../form/catalogue-types";
import { Description, ErrorMessage, RequiredMark } from "./field-parts";
import { useFieldErrors, useFieldErrorsController, useFieldEvents } from "./use-field-errors";
import { useQuestionAnswer } from "./use-form-answers";

/** What the engine is asked to judge while the segments hold an incomplete date. */
const INCOMPLETE_DATE = "incomplete";

function parseStored(value: string): CalendarDate | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

/** Birthdays (autocomplete "bday") open the calendar and step the year from 18 years ago. */
const TYPICAL_AGE_YEARS = 18;

/**
 * A date typed in month/day/year segments or picked from a calendar. It stores YYYY-MM-DD only
 * when the engine finds nothing wrong with it (spec §5 birth date); an incomplete or out-of-range
 * date stays in the field, unstored, and shows the engine's message once the field is left.
 */
export function DateQuestion({ question, required }: { question: DateQuestionData; required: boolean }) {
  const { key } = question;
  const [stored, setValue] = useQuestionAnswer(key);
  const controller = useFieldErrorsController();
  const errors = useFieldErrors([key]);
  const events = useFieldEvents([key]);
  const [shown, setShown] = useState<CalendarDate | null>(() => parseStored(stored));
  const groupRef = useRef<HTMLDivElement>(null);
  const [placeholder] = useState(() =>
    question.autoComplete === "bday"
      ? today(getLocalTimeZone()).subtract({ years: TYPICAL_AGE_YEARS })
      : undefined,
  );

  // A value stored elsewhere (another tab, the server, a hidden section cleared) replaces the
  // field's, unless the field holds an unstored date of its own.
  useEffect(() => {
    const parsed = parseStored(stored);
    if (parsed) {
      setShown((current) => (current?.toString() === stored ? current : parsed));
      controller.setDraft(key, null);
    } else if (stored === "") {
      setShown((current) =>
        current && controller.errorsFor(key, current.toString()).length === 0 ? null : current,
      );
    }
  }, [stored, key, controller]);

  const onChange = (next: CalendarDate | null) => {
    setShown(next);
    if (!next) {
      setValue("");
      return;
    }
    const iso = next.toString();
    if (controller.errorsFor(key, iso).length === 0) {
      controller.setDraft(key, null);
      setValue(iso);
    } else {
      controller.setDraft(key, iso);
      setValue("");
    }
  };

  const onBlur = () => {
    const segments = [...(groupRef.current?.querySelectorAll("[data-type]") ?? [])].filter(
      (segment) => segment.getAttribute("data-type") !== "literal",
    );
    const empty = segments.filter((segment) => segment.hasAttribute("data-placeholder")).length;
    if (empty > 0 && empty < segments.length) controller.setDraft(key, INCOMPLETE_DATE);
    else if (empty === segments.length) controller.setDraft(key, null);
    events.left();
  };

  return (
    <DatePicker
      id={key}
      className="field"
      value={shown}
      onChange={onChange}
      onBlur={onBlur}
      isInvalid={errors.length > 0}
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
        <DateInput className="date-input__segments">
          {(segment) => <DateSegment segment={segment} className="date-input__segment" />}
        </DateInput>
        <Button className="date-input__button">
          <CalendarIcon />
        </Button>
      </Group>
      <ErrorMessage errors={errors} keys={[key]} />
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
