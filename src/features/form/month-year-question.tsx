import { useMemo } from "react";
import type { MonthYearQuestion as MonthYearQuestionData } from "../../form/catalogue-types";
import { resolveOptions, yearOptions } from "../../form/options/resolve-options";
import { languageState } from "../../i18n/translations";
import { useLanguage } from "../../i18n/use-language";
import * as shellMessages from "../shell/shell-messages";
import { RequiredMark } from "./field-parts";
import { SelectControl } from "./select-control";
import { UndoRefusedChange } from "./undo-refused-change";
import { useFieldErrors, useFieldEvents } from "./use-field-errors";
import { useQuestionAnswer } from "./use-form-answers";

/**
 * Month and year selects stored under two keys, grouped under the question's label; their errors
 * are combined (spec §5) and described once for both. A group cannot carry a required state, so
 * each select of a required pair carries it (the legend shows the mark).
 */
export function MonthYearQuestion({
  question,
  required,
}: {
  question: MonthYearQuestionData;
  required: boolean;
}) {
  const { key, monthKey, yearKey } = question;
  const [month, setMonth] = useQuestionAnswer(monthKey);
  const [year, setYear] = useQuestionAnswer(yearKey);
  const keys = useMemo(() => [...new Set([key, monthKey, yearKey])], [key, monthKey, yearKey]);
  const errors = useFieldErrors(keys);
  const events = useFieldEvents(keys);
  const { language, t, text } = useLanguage();
  const months = useMemo(
    () => resolveOptions(language === "en" ? { list: "months" } : { options: monthsIn() }, new Date()),
    [language],
  );
  const years = useMemo(() => yearOptions(question.years, new Date()), [question.years]);
  const errorId = `${key}-errors`;
  const descriptionId = `${key}-description`;
  const described = Boolean(question.description);
  const describedBy = [described ? descriptionId : "", errors.length > 0 ? errorId : ""]
    .filter(Boolean)
    .join(" ");
  // No label: the answer writer takes `_desc` from the English catalogue, in every language.
  const commit = (set: (value: string) => void) => (value: string) => {
    set(value);
    events.committed();
  };
  return (
    <fieldset
      className="field field--group"
      id={key !== monthKey && key !== yearKey ? key : undefined}
      aria-describedby={describedBy || undefined}
    >
      <legend className="field__label">
        {question.label}
        <RequiredMark required={required} />
      </legend>
      {described ? (
        <p id={descriptionId} className="field__description">
          {question.description}
        </p>
      ) : null}
      <div className="field__row field__row--month-year">
        <SelectControl
          id={monthKey}
          label={t(shellMessages.month)}
          labelClassName="field__sublabel"
          options={months}
          value={month}
          onChange={commit(setMonth)}
          onBlur={events.left}
          isInvalid={errors.length > 0}
          isRequired={required}
          markRequired={false}
          aria-describedby={describedBy || undefined}
        />
        <SelectControl
          id={yearKey}
          label={t(shellMessages.year)}
          labelClassName="field__sublabel"
          options={years}
          value={year}
          onChange={commit(setYear)}
          onBlur={events.left}
          isInvalid={errors.length > 0}
          isRequired={required}
          markRequired={false}
          aria-describedby={describedBy || undefined}
        />
      </div>
      <div className="field__error-region" id={errorId}>
        {errors.length > 0 ? <span className="visually-hidden">Error: </span> : null}
        {errors.map((error) => (
          <span key={error} className="field__error field__error-line">
            {text(error)}
          </span>
        ))}
      </div>
      <UndoRefusedChange keys={keys} />
    </fieldset>
  );
}

/** The months in the language shown (loaded: the language is not English). */
function monthsIn() {
  return languageState().loaded?.list("months") ?? [];
}
