// The shape of the question catalogue: pages of sections of questions, as data. Pure TypeScript,
// shared by the client (rendering) and the server (validation).

export type TextQuestion = {
  kind: "text";
  key: string;
  /** The spec's question text where it gives one. */
  label: string;
  description?: string;
  /** Defaults to the spec's text maximum (45). */
  maxLength?: number;
  /** HTML autocomplete token, so browsers and assistive tech can fill personal data (WCAG 1.3.5). */
  autoComplete?: string;
};

export type Question = TextQuestion;

export type Section = {
  id: string;
  title: string;
  description?: string;
  questions: readonly Question[];
};

export type FormPage = {
  id: "about" | "education" | "final-steps";
  title: string;
  intro: string;
  sections: readonly Section[];
};
