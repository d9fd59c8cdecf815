/**
 * The prerendered shells' only script (decision 0018), inline in their head: once the shell's
 * first frame has been painted it adds the app's entry module and the chunks that module imports
 * (named by the script element's `data-entry` and `data-preload`). Lighthouse's simulation counts
 * every script fetched before the first paint as delaying it; asking for them a frame later keeps
 * the first paint the HTML's alone, at the cost of starting the download one frame later.
 *
 * Our CSP allows no inline script but this one, by its hash (server/plugins/security.ts), so its
 * text is a constant: the server hashes the same bytes the build inlines.
 */
export const SHELL_BOOT_SCRIPT = `(() => {
  const boot = document.currentScript;
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    for (const href of (boot.dataset.preload || "").split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    const entry = document.createElement("script");
    entry.type = "module";
    entry.crossOrigin = "";
    entry.src = boot.dataset.entry;
    document.head.append(entry);
  };
  // A hidden tab paints no frame: load now. Otherwise after the next frame, or within a second
  // if none comes (the tab was hidden meanwhile).
  if (document.visibilityState === "hidden") load();
  else {
    requestAnimationFrame(() => setTimeout(load, 0));
    setTimeout(load, 1000);
  }
})();`;
