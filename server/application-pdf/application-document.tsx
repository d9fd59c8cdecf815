import { renderToStaticMarkup } from "react-dom/server";
import { serviceViewTitle } from "../../src/features/service-view/print-margins";
import { ServiceApplication } from "../../src/features/service-view/service-application";
import { ENGLISH_SERVICE_WORDS, type ServiceWords } from "../../src/features/service-view/service-words";
import type { FormPage } from "../../src/form/catalogue-types";
import type { ServiceResponse } from "../../src/shared/api-types";
import { DIVIDER_CSS, type Divider, DividerPages } from "./divider-pages";

// What the application PDF job prints (decision 0013): the service view's own components rendered
// to HTML here, with the built client's stylesheets inline and the divider pages after the steps.
// The same markup staff see in their browser, without the browser having to load and run the app
// for it: the print needs no script, no request and no link of its own.

export type PrintedApplication = {
  /** The applicant's application, as the service view reads it (spec §3 service response). */
  application: ServiceResponse;
  /** The catalogue it is rendered from. */
  pages: readonly FormPage[];
  /** One per attached document, in the documents' order. */
  dividers: readonly Divider[];
  /** The service view's own words (issue 35): the applicant's language; English by default. */
  words?: ServiceWords;
};

/** A complete HTML document: nothing in it loads anything, and the applicant's text is escaped. */
export function applicationDocument(printed: PrintedApplication, stylesheet: string): string {
  const { application, pages, dividers, words = ENGLISH_SERVICE_WORDS } = printed;
  // The running footer's words are the stylesheet's; another language's replace them.
  const pageNumbers =
    words === ENGLISH_SERVICE_WORDS ? "" : `@page { @bottom-right { content: ${words.pageOfPages}; } }`;
  // React escapes the text of a <style> element's end tag, never the CSS itself.
  const markup = renderToStaticMarkup(
    <html lang={words.language}>
      <head>
        <meta charSet="utf-8" />
        <title>{serviceViewTitle(application.answer, words.applicationTitle)}</title>
        <style>{stylesheet}</style>
        <style>{DIVIDER_CSS}</style>
        {pageNumbers ? <style>{pageNumbers}</style> : null}
      </head>
      <body>
        <div id="root">
          <ServiceApplication application={application} pages={pages} words={words}>
            <DividerPages dividers={dividers} words={words} />
          </ServiceApplication>
        </div>
      </body>
    </html>,
  );
  return `<!doctype html>${markup}`;
}
