import type { FormPage } from "../../form/catalogue-types";
import { TextQuestion } from "./text-question";

/** Renders a catalogue page: sections and their questions, chosen by kind. */
export function FormPageView({ page }: { page: FormPage }) {
  return (
    <>
      <h1 tabIndex={-1}>{page.title}</h1>
      <p className="page-intro">{page.intro}</p>
      <form className="form-page" onSubmit={(event) => event.preventDefault()} noValidate>
        {page.sections.map((section) => (
          <fieldset key={section.id} className="form-section">
            <legend className="form-section__title">{section.title}</legend>
            {section.description ? <p className="form-section__description">{section.description}</p> : null}
            {section.questions.map((question) =>
              question.kind === "text" ? <TextQuestion key={question.key} question={question} /> : null,
            )}
          </fieldset>
        ))}
      </form>
    </>
  );
}
