// The start of a screen's main content, where the skip link and a finished dialog with nowhere
// else to go put the keyboard (issue 37): the page's h1, or <main> itself.

export function pageStart(): HTMLElement | null {
  const main = document.getElementById("main");
  return main?.querySelector<HTMLElement>("h1") ?? main;
}

/**
 * Moves focus to the start of the main content and scrolls it to the top of the view, together,
 * so that what has focus is what the applicant sees. False when the screen has no main content.
 */
export function focusPageStart(): boolean {
  const start = pageStart();
  if (!start) return false;
  if (!start.hasAttribute("tabindex")) start.tabIndex = -1;
  start.focus({ preventScroll: true });
  start.scrollIntoView({ block: "start" });
  return true;
}

/**
 * After a dialog that had no opener on the page closes (one opened by the page itself), focus
 * goes to the start of the main content instead of being left on <body>. Waits two frames: React
 * Aria gives focus back to what had it before the dialog (nothing) in a frame of its own.
 */
export function focusPageStartIfLost(): void {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active === null || active === document.body) focusPageStart();
    }),
  );
}
