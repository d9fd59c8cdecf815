// Spec/brief: the printed application carries the applicant's name and page numbers in the page
// margins. Chromium prints CSS paged-media margin boxes; the page numbers are in the stylesheet,
// the name (known only once the answers are read) comes from here, as does the document's title.

import { partner } from "../../config/partner";

type Answers = Readonly<Record<string, string>>;

/** The legal name the applicant gave, or "Applicant" while it is empty. */
export function applicantName(answers: Answers): string {
  const name = [answers.first_name, answers.last_name]
    .map((part) => (part ?? "").trim())
    .filter((part) => part !== "")
    .join(" ");
  return name || "Applicant";
}

/** The rendering's title, and so the application PDF's: "Ada Lovelace: <the application's title>". */
export function serviceViewTitle(answers: Answers, title: string = partner.applicationTitle): string {
  return `${applicantName(answers)}: ${title}`;
}

/** `value` as a CSS string literal: backslashes and quotes escaped, control characters dropped. */
export function cssString(value: string): string {
  const escaped = value
    .replace(/[\r\n\f\t]+/g, " ")
    .replace(/\p{Cc}/gu, "")
    .replace(/[\\"]/g, "\\$&");
  return `"${escaped}"`;
}

/** The `@page` rule that puts the applicant's name in the top margin of every printed page. */
export function printMarginCss(name: string): string {
  return `@page { @top-left { content: ${cssString(name)}; } }`;
}
