import { lazy, memo, Suspense } from "react";
import type { Question } from "../../form/catalogue-types";
import { lazyPart } from "../../lib/load-part";
import { AutocompleteQuestion } from "./autocomplete-question";
import { CheckboxQuestion } from "./checkbox-question";
import { loadDateQuestion } from "./date-question-loader";
import { MaskedQuestion } from "./masked-question";
import { MonthYearQuestion } from "./month-year-question";
import { RadioQuestion } from "./radio-question";
import { SelectQuestion } from "./select-question";
import { TextQuestion } from "./text-question";
import { TextareaQuestion } from "./textarea-question";

// Only pages with file questions load the documents feature (upload queue, polling, dialogs).
const FileQuestion = lazyPart(() =>
  import("../documents/file-question").then((m) => ({ default: m.FileQuestion })),
);
// Only /about has a date question: the date picker (its calendar, dialog and popover) stays out of
// the other pages' code (issue 15). The progressive render loads it ahead (ready-date-question.ts).
const DateQuestion = lazy(() => loadDateQuestion().then((m) => ({ default: m.DateQuestion })));

function QuestionByKind({ question, required }: { question: Question; required: boolean }) {
  switch (question.kind) {
    case "text":
      return <TextQuestion question={question} required={required} />;
    case "textarea":
      return <TextareaQuestion question={question} required={required} />;
    case "phone":
    case "ssn":
      return <MaskedQuestion question={question} required={required} />;
    case "date":
      return (
        <Suspense fallback={null}>
          <DateQuestion question={question} required={required} />
        </Suspense>
      );
    case "select":
    case "conditionalSelect":
      return <SelectQuestion question={question} required={required} />;
    case "radio":
      return <RadioQuestion question={question} required={required} />;
    case "checkbox":
      return <CheckboxQuestion question={question} required={required} />;
    case "monthYear":
      return <MonthYearQuestion question={question} required={required} />;
    case "autocomplete":
      return <AutocompleteQuestion question={question} required={required} />;
    case "file":
      return (
        <Suspense fallback={null}>
          <FileQuestion question={question} />
        </Suspense>
      );
  }
}

/**
 * Renders any catalogue question by its kind, marked required when the engine says so. Re-renders
 * only when the question itself or its required state changes (the engine rebuilds repeated
 * blocks' questions, so those compare by content).
 */
export const QuestionView = memo(
  QuestionByKind,
  (before, after) =>
    before.required === after.required &&
    (before.question === after.question ||
      JSON.stringify(before.question) === JSON.stringify(after.question)),
);
