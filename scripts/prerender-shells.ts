// After `vite build`: writes dist/client/shells/<page>.html (a visitor's) and
// dist/client/shells/<signed-in screen>/<page>.html, the built index.html with each form page's
// static first screen inside #root (src/features/shell/static-shell.tsx), so that a first visit
// paints before the JavaScript has loaded (issue 15, decision 0018), and /login's; then the same in
// Spanish under shells/es/ (issue 35), rendered by the same components with Spanish shown as the
// app shows it (its chunk's catalogues), with `<html lang="es">` and the Spanish title. The server
// picks the one for the request (server/plugins/client-app.ts): a visitor's, or the signed-in
// applicant's banner, in the page's language.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { partner } from "../src/config/partner";
import { metaDescription, needsJavaScript } from "../src/features/shell/document-head-messages";
import { StaticLoginShell } from "../src/features/shell/static-auth-shell";
import { StaticFormShell } from "../src/features/shell/static-shell";
import { formPages } from "../src/form/pages/form-pages";
import { LANGUAGES, type Language } from "../src/i18n/language";
import { message, pageInLanguage, showLanguage } from "../src/i18n/translations";
import { documentTitle } from "../src/lib/use-document-title";
import { FIRST_SCREENS, firstScreenFile, loginScreenFile } from "../src/shared/first-screens";
import { FORM_PAGES } from "../src/shared/routes";

const root = `${process.env.BUILD_DIR || "dist"}/client`;
const EMPTY_ROOT = '<div id="root"></div>';

const built = await readFile(path.join(root, "index.html"), "utf8");
if (!built.includes(EMPTY_ROOT)) throw new Error(`dist/client/index.html lacks ${EMPTY_ROOT}`);
const index = await forFirstPaint(built);
for (const language of LANGUAGES) {
  // What the app does before its first render in that language (src/i18n/translations.ts).
  await showLanguage(language);
  const document = inLanguage(index, language);
  for (const step of FORM_PAGES) {
    const page = formPages.find((candidate) => `/${candidate.id}` === step.path);
    if (!page) throw new Error(`no catalogue page for ${step.path}`);
    for (const screen of FIRST_SCREENS) {
      const shell = renderToStaticMarkup(createElement(StaticFormShell, { page, path: step.path, screen }));
      // The title FormPageView gives the page: its title in the language shown.
      await write(firstScreenFile(step.path, screen, language), document, pageInLanguage(page).title, shell);
    }
  }
  const login = renderToStaticMarkup(createElement(StaticLoginShell));
  await write(loginScreenFile(language), document, headingOf(login), login);
}
console.log(
  `prerendered ${FORM_PAGES.length} form pages × ${FIRST_SCREENS.length} first screens, and /login's, in ${LANGUAGES.join(" and ")}, into ${root}/shells`,
);

/** `document` with `shell` in #root and the screen's title, written to `file` of the build. */
async function write(file: string, document: string, screen: string, shell: string): Promise<void> {
  const target = path.join(root, file);
  await mkdir(path.dirname(target), { recursive: true });
  // A function, so that no `$` in the markup is read as a replacement pattern.
  await writeFile(
    target,
    titled(document, screen).replace(EMPTY_ROOT, () => `<div id="root">${shell}</div>`),
  );
}

/**
 * `html` declaring `language` as its own (WCAG 3.1.1), as the app sets it on `<html>`, with its
 * description and `<noscript>` sentence in it (the shown language's messages, loaded by the caller).
 */
function inLanguage(html: string, language: Language): string {
  const tag = /<html lang="[^"]*">/;
  if (!tag.test(html)) throw new Error('index.html lacks <html lang="…">');
  const description = /<meta name="description" content="[^"]*" \/>/;
  if (!description.test(html)) throw new Error("index.html lacks its description");
  const noscript = `<noscript>${escaped(needsJavaScript)}</noscript>`;
  if (!html.includes(noscript)) throw new Error(`index.html lacks ${noscript}`);
  const host = language === "es" ? (partner.es?.name ?? partner.name) : partner.name;
  return html
    .replace(tag, `<html lang="${language}">`)
    .replace(
      description,
      () => `<meta name="description" content="${escaped(message(metaDescription, { host }))}" />`,
    )
    .replace(noscript, () => `<noscript>${escaped(message(needsJavaScript))}</noscript>`);
}

/** Text for an attribute or an element's content. */
function escaped(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

/** The h1's text of a shell (the screen's name, which its title repeats, as AuthCard's does). */
function headingOf(shell: string): string {
  const heading = /<h1>([^<]*)<\/h1>/.exec(shell)?.[1];
  if (heading === undefined) throw new Error("a first screen without its h1");
  return heading.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
}

/** `html` with the title the app gives the screen (so that the app need not set it again). */
function titled(html: string, screen: string): string {
  const title = /<title>[^<]*<\/title>/;
  if (!title.test(html)) throw new Error("index.html lacks a <title>");
  const text = documentTitle(screen).replaceAll("&", "&amp;").replaceAll("<", "&lt;");
  return html.replace(title, () => `<title>${text}</title>`);
}

/**
 * The shell paints from its HTML alone (issue 15, decision 0018): the stylesheet is inlined, so the
 * first paint waits for no second request (our CSP allows inline styles, not inline scripts).
 * index.html itself is left as built: the service worker serves it and the stylesheet from its
 * cache. (Fetching the scripts at low priority, and preloading the page's chunks here, were tried
 * and dropped: see the decision.)
 */
async function forFirstPaint(html: string): Promise<string> {
  const stylesheets = [...html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g)];
  if (stylesheets.length !== 1)
    throw new Error(`expected one stylesheet in index.html, found ${stylesheets.length}`);
  const [link, href] = stylesheets[0] as RegExpMatchArray & [string, string];
  const css = await readFile(path.join(root, href), "utf8");
  if (css.includes("</style")) throw new Error(`${href} cannot be inlined in a <style> element`);
  return html.replace(link, () => `<style>${css}</style>`);
}
