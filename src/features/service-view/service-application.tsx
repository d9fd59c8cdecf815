import type { ReactNode } from "react";
import type { FormPage, Question } from "../../form/catalogue-types";
import { textForViewer, type Viewer } from "../../form/engine/audience";
import { answerKeysOf } from "../../form/engine/question-keys";
import { type VisibleSection, visiblePage } from "../../form/engine/visibility";
import { formPages } from "../../form/pages/form-pages";
import type { ServiceResponse } from "../../shared/api-types";
import { FORM_PAGES } from "../../shared/routes";
import { serviceUserSnapshot, viewerOf } from "../profile/client-snapshot";
import { displayQuestion } from "./answer-display";
import { applicantName, printMarginCss } from "./print-margins";
import { ServiceQuestion } from "./service-question";
import { ENGLISH_SERVICE_WORDS, type ServiceWords } from "./service-words";

/**
 * The service user (spec §3 `is_service_user`): not signed in, but reading a signed-in applicant's
 * application, so signed-in content, the stored add-another counts and the chosen tabs apply.
 */
const SERVICE_VIEWER: Viewer = viewerOf(serviceUserSnapshot());

type Props = {
  application: ServiceResponse;
  pages?: readonly FormPage[];
  /** Its own words' language (the pages come translated with it): English, the office's. */
  words?: ServiceWords;
  /** What follows the steps in the same document (the application PDF's divider pages). */
  children?: ReactNode;
};

/**
 * Spec §6 service rendering: every step of the application, read-only, from the same catalogue
 * and engine as the form: only what the applicant's answers, add-another counts and chosen tabs
 * make visible, as text and boxes. No controls, navigation, header or footer: the same markup is
 * what staff read on screen and what the application PDF prints (one step per printed section).
 */
export function ServiceApplication({
  application,
  pages = formPages,
  words = ENGLISH_SERVICE_WORDS,
  children,
}: Props) {
  const name = applicantName(application.answer);
  return (
    <main id="main" className="service-view">
      <style>{printMarginCss(name)}</style>
      <p className="service-view__title">
        {words.applicationTitle}: {name}
      </p>
      {pages.map((page) => (
        <ServiceStep key={page.id} page={page} application={application} words={words} />
      ))}
      {children}
    </main>
  );
}

function ServiceStep({
  page,
  application,
  words,
}: {
  page: FormPage;
  application: ServiceResponse;
  words: ServiceWords;
}) {
  const sections = visiblePage(page, application.answer, {
    ...SERVICE_VIEWER,
    counts: application.add_another,
    tabs: application.tabs,
  });
  const step = FORM_PAGES.find((entry) => entry.path === `/${page.id}`);
  const intro = textForViewer(page.intro, SERVICE_VIEWER);
  const headingId = `service-step-${page.id}`;
  return (
    <section className="service-step" aria-labelledby={headingId}>
      <h1 id={headingId}>{step ? `${words.step(step.step)}: ${page.title}` : page.title}</h1>
      {intro ? <p className="service-step__intro">{intro}</p> : null}
      {sections.map((shown) => (
        <ServiceSection key={shown.section.id} shown={shown} application={application} words={words} />
      ))}
    </section>
  );
}

function Questions({
  questions,
  application,
  words,
}: {
  questions: readonly Question[];
  application: ServiceResponse;
  words: ServiceWords;
}) {
  return questions.map((question) => (
    <ServiceQuestion
      key={question.key}
      words={words}
      display={displayQuestion(question, application.answer, application.document_answer, words)}
    />
  ));
}

function ServiceSection({
  shown,
  application,
  words,
}: {
  shown: VisibleSection;
  application: ServiceResponse;
  words: ServiceWords;
}) {
  const { section, blocks, tab } = shown;
  const titleId = `service-section-${section.id}`;
  const description = textForViewer(section.description, SERVICE_VIEWER);
  const questions = blocks.flatMap((block) => block.questions);
  let body: ReactNode;
  if (tab !== undefined) {
    // The section's own questions, then the chosen tab's under its label; other tabs never show.
    const ownKeys = new Set(section.questions.flatMap(answerKeysOf));
    const chosen = section.tabs?.tabs.find((entry) => entry.id === tab);
    body = (
      <>
        <Questions
          questions={questions.filter((q) => ownKeys.has(q.key))}
          application={application}
          words={words}
        />
        {chosen ? <h3 className="service-block__title">{chosen.label}</h3> : null}
        <Questions
          questions={questions.filter((q) => !ownKeys.has(q.key))}
          application={application}
          words={words}
        />
      </>
    );
  } else if (section.repeat && blocks.length > 1) {
    // As many blocks as the applicant opened (add-another counts), each under a numbered heading.
    body = blocks.map((block, index) => (
      <div key={block.prefix ?? index} className="service-block">
        <h3 className="service-block__title">
          {section.title} {index + 1}
        </h3>
        <Questions questions={block.questions} application={application} words={words} />
      </div>
    ));
  } else {
    body = <Questions questions={questions} application={application} words={words} />;
  }
  return (
    <section className="service-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="service-section__title">
        {section.title}
      </h2>
      {description ? <p className="service-section__description">{description}</p> : null}
      {body}
    </section>
  );
}
