import { lazy, memo, Suspense } from "react";
import type { Question } from "../../form/catalogue-types";
import { AutocompleteQuestion } from "./autocomplete-question";
import { CheckboxQuestion } from "./checkbox-question";
import { DateQuestion } from "./date-question";
import { MaskedQuestion } from "./masked-question";
import { MonthYearQuestion } from "./month-year-question";
import { RadioQuestion } from "./radio-question";
import { SelectQuestion } from "./select-question";
import { TextQuestion } from "./text-question";
import { TextareaQuestion } from "./textarea-question";

// Only pages with file questions load the documents feature (upload queue, polling, dialogs).
const FileQuestion = lazy(() =>
  import("../documents/file-question").then((m) => ({ default: m.FileQuestion })),
);

function QuestionByKind({ question }: { question: Question }) {
  switch (question.kind) {
    case "text":
      return <TextQuestion question={question} />;
    case "textarea":
      return <TextareaQuestion question={question} />;
    case "phone":
    case "ssn":
      return <MaskedQuestion question={question} />;
    case "date":
      return <DateQuestion question={question} />;
    case "select":
    case "conditionalSelect":
      return <SelectQuestion question={question} />;
    case "radio":
      return <RadioQuestion question={question} />;
    case "checkbox":
      return <CheckboxQuestion question={question} />;
    case "monthYear":
      return <MonthYearQuestion question={question} />;
    case "autocomplete":
      return <AutocompleteQuestion question={question} />;
    case "file":
      return (
        <Suspense fallback={null}>
          <FileQuestion question={question} />
        </Suspense>
      );
  }
}

/**
 * Renders any catalogue question by its kind. Re-renders only when the question itself changes
 * (the engine rebuilds repeated blocks' questions, so those compare by content).
 */
export const QuestionView = memo(
  QuestionByKind,
  (before, after) =>
    before.question === after.question || JSON.stringify(before.question) === JSON.stringify(after.question),
);
