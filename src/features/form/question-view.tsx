import { memo } from "react";
import type { Question } from "../../form/catalogue-types";
import { CheckboxQuestion } from "./checkbox-question";
import { MaskedQuestion } from "./masked-question";
import { partComponent } from "./part-component";
import { collectionsPart, datePart, filePart } from "./question-parts";
import { RadioQuestion } from "./radio-question";
import { TextQuestion } from "./text-question";
import { TextareaQuestion } from "./textarea-question";

// Parts of the form's code loaded apart from the first screen's (issue 15): the date picker (only
// /about has a date question), the questions built on collections, and the file question (only
// pages with one load the documents feature). The progressive render loads each before the first
// question that needs it (ready-question-parts.ts).
const DateQuestion = partComponent(datePart, (part) => part.DateQuestion);
const SelectQuestion = partComponent(collectionsPart, (part) => part.SelectQuestion);
const MonthYearQuestion = partComponent(collectionsPart, (part) => part.MonthYearQuestion);
const AutocompleteQuestion = partComponent(collectionsPart, (part) => part.AutocompleteQuestion);
const FileQuestion = partComponent(filePart, (part) => part.FileQuestion);

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
      return <FileQuestion question={question} />;
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
