// The words of index.html's head and <noscript> (issue 35): the English is what the build writes
// into index.html (vite-plugins/partner-config.ts, the file itself); the prerendered Spanish first
// screens carry their Spanish (scripts/prerender-shells.ts, shell.es.json beside this file).
export const metaDescription = "Apply to {host} as a transfer, second-degree or accelerated student.";
export const needsJavaScript =
  "This application needs JavaScript. Please enable it in your browser's settings.";
/** The browser's title (WCAG 2.4.2): the screen shown, then the institution's application. */
export const documentTitleTemplate = "{title} – {host} Application";
