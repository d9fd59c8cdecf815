// After `vite build`: writes dist/client/shells/<page>.html, the built index.html with each form
// page's static first screen inside #root (src/features/shell/static-shell.tsx), so that a first
// visit paints before the JavaScript has loaded (issue 15, decision 0018). The server sends it
// for a form page's path to a visitor who is not signed in (server/plugins/client-app.ts).
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticFormShell } from "../src/features/shell/static-shell";
import { formPages } from "../src/form/pages/form-pages";
import { FORM_PAGES } from "../src/shared/routes";

const root = "dist/client";

/** Each form page's route module (src/app/route-modules.ts). */
const PAGE_MODULES = { about: "about-page", education: "education-page", "final-steps": "final-steps-page" };

type Manifest = Record<string, { file: string; imports?: string[] }>;
const EMPTY_ROOT = '<div id="root"></div>';

const built = await readFile(path.join(root, "index.html"), "utf8");
if (!built.includes(EMPTY_ROOT)) throw new Error(`dist/client/index.html lacks ${EMPTY_ROOT}`);
const index = await forFirstPaint(built);
const manifestPath = path.join(root, ".vite", "manifest.json");
const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as Manifest;
// Not a file the app serves.
await rm(path.join(root, ".vite"), { recursive: true, force: true });
await mkdir(path.join(root, "shells"), { recursive: true });
for (const step of FORM_PAGES) {
  const page = formPages.find((candidate) => `/${candidate.id}` === step.path);
  if (!page) throw new Error(`no catalogue page for ${step.path}`);
  const shell = renderToStaticMarkup(createElement(StaticFormShell, { page, path: step.path }));
  const html = index
    .replace(EMPTY_ROOT, `<div id="root">${shell}</div>`)
    .replace("</head>", `${pagePreloads(`src/pages/${PAGE_MODULES[page.id]}.tsx`, index)}</head>`);
  await writeFile(path.join(root, "shells", `${step.path.slice(1)}.html`), html);
}
console.log(`prerendered ${FORM_PAGES.length} form page shells into ${root}/shells`);

/**
 * The shell paints from its HTML alone (issue 15, decision 0018): the stylesheet is inlined, so the
 * first paint waits for no second request (our CSP allows inline styles, not inline scripts).
 * index.html itself is left as built: the service worker serves it and the stylesheet from its
 * cache. (Fetching the scripts at low priority was tried and dropped: see the decision.)
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

/**
 * Preload links for the chunks a form page's module imports and the built index.html does not
 * already preload: fetched with the entry, not after it has run, and the router's preload helper
 * finds them in the document instead of adding them itself while the app starts (issue 15).
 */
function pagePreloads(source: string, html: string): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest lacks ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...files]
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join("");
}
