import { memo, Suspense } from "react";
import type { Question } from "../../form/catalogue-types";
import { lazyPart } from "../../lib/load-part";
import { CheckboxQuestion } from "./checkbox-question";
import { MaskedQuestion } from "./masked-question";
import { partComponent } from "./part-component";
import { collectionsPart, datePart } from "./question-parts";
import { RadioQuestion } from "./radio-question";
import { TextQuestion } from "./text-question";
import { TextareaQuestion } from "./textarea-question";

// Only pages with file questions load the documents feature (upload queue, polling, dialogs).
const FileQuestion = lazyPart(() =>
  import("../documents/file-question").then((m) => ({ default: m.FileQuestion })),
);
// Parts of the form's code loaded apart from the first screen's (issue 15): the date picker (only
// /about has a date question) and the questions built on collections. The progressive render loads
// each before the first question that needs it (ready-question-parts.ts).
const DateQuestion = partComponent(datePart, (part) => part.DateQuestion);
const SelectQuestion = partComponent(collectionsPart, (part) => part.SelectQuestion);
const MonthYearQuestion = partComponent(collectionsPart, (part) => part.MonthYearQuestion);
const AutocompleteQuestion = partComponent(collectionsPart, (part) => part.AutocompleteQuestion);

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
      return <DateQuestion question={question} required={required} />;
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
