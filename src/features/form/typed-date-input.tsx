import { createCalendar } from "@internationalized/date";
import { useRef } from "react";
import { useDateField } from "react-aria/useDateField";
import {
  DateFieldContext,
  DateFieldStateContext,
  DateInput,
  type DateInputProps,
  GroupContext,
  InputContext,
  Provider,
  useContextProps,
  useLocale,
} from "react-aria-components";
import { type DateFieldState, useDateFieldState } from "react-stately/useDateFieldState";

type Segments = DateFieldState["segments"];

/**
 * True when the segments show a whole date the calendar does not have (02/30/2001). React Aria
 * keeps showing it while the applicant types, then, when focus leaves the field, changes it into
 * the nearest real date (02/28/2001) and reports that as the field's new value.
 */
export function showsImpossibleDate(segments: Segments): boolean {
  const part = (type: string) => segments.find((segment) => segment.type === type);
  const [year, month, day] = [part("year"), part("month"), part("day")];
  if (!year || !month || !day || [year, month, day].some((segment) => segment.isPlaceholder)) return false;
  const [y, m, d] = [year.value ?? 0, month.value ?? 0, day.value ?? 0];
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d;
}

/**
 * React Aria's DateInput for a DatePicker (what it renders on its own inside one), except that
 * leaving the field does not replace a date that does not exist with a real one: the applicant's
 * 02/30/2001 stays as typed (spec §5: the date input stores a value only when it passes), and the
 * question says it is not a valid date. Everything else is React Aria's own field state and hooks.
 */
export function TypedDateInput(props: DateInputProps) {
  const [fieldProps, fieldRef] = useContextProps({ slot: props.slot }, null, DateFieldContext);
  const { locale } = useLocale();
  const state = useDateFieldState({ ...fieldProps, locale, createCalendar });
  const kept: DateFieldState = {
    ...state,
    confirmPlaceholder: () => {
      if (!showsImpossibleDate(state.segments)) state.confirmPlaceholder();
    },
  };
  const inputRef = useRef<HTMLInputElement>(null);
  const { fieldProps: groupProps, inputProps } = useDateField({ ...fieldProps, inputRef }, kept, fieldRef);
  return (
    <Provider
      values={[
        [DateFieldStateContext, kept],
        [InputContext, { ...inputProps, ref: inputRef }],
        [
          GroupContext,
          { ...groupProps, ref: fieldRef, isInvalid: state.isInvalid, isDisabled: state.isDisabled },
        ],
      ]}
    >
      <DateInput {...props} />
    </Provider>
  );
}
