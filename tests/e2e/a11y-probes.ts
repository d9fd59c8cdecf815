import type { Page } from "@playwright/test";

// Measurements for the accessibility specs, taken in the page from the DOM and computed styles.

/** Something a screen reader would say unprompted: a live region's new text, an alert, a focus move. */
export type Speech = { at: number; kind: "live" | "alert" | "focus"; where: string; text: string };

/**
 * Starts recording what the page says by itself: every change of text inside a live region
 * (`aria-live` polite or assertive, or role status, alert or log without `aria-live="off"`, React
 * Aria's announcer included, whose nodes are read through `aria-labelledby`), every alert or
 * alert dialog that appears, and every focus move. Read it with `spoken(page)`.
 */
export async function recordSpeech(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Win = Window & { __speech?: Speech[]; __speechObserver?: MutationObserver };
    type Speech = { at: number; kind: "live" | "alert" | "focus"; where: string; text: string };
    const win = window as Win;
    win.__speechObserver?.disconnect();
    const speech: Speech[] = [];
    win.__speech = speech;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${
        element.getAttribute("role") ? `[role=${element.getAttribute("role")}]` : ""
      }${element.className && typeof element.className === "string" ? `.${element.className.split(" ")[0]}` : ""}`;
    const liveRegionOf = (node: Node | null): Element | null => {
      for (let element = node instanceof Element ? node : (node?.parentElement ?? null); element; ) {
        const live = element.getAttribute("aria-live");
        const role = element.getAttribute("role") ?? "";
        if (live === "off") return null;
        if (live === "polite" || live === "assertive" || ["status", "alert", "log"].includes(role))
          return element;
        element = element.parentElement;
      }
      return null;
    };
    const spokenText = (element: Element): string => {
      const labelledBy = element.getAttribute("aria-labelledby");
      if (element.getAttribute("role") === "img" && labelledBy) {
        const text = labelledBy
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? `<missing #${id}>`)
          .join(" ");
        return text.trim() === "" ? `<empty: ${labelledBy}>` : text;
      }
      return (element.textContent ?? "").replace(/\s+/g, " ").trim();
    };
    const seen = new Map<Element, string>();
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue;
          const role = node.getAttribute("role");
          if (role === "alert" || role === "alertdialog") {
            speech.push({
              at: performance.now(),
              kind: "alert",
              where: describe(node),
              text: spokenText(node),
            });
          }
          const region = liveRegionOf(node.parentElement);
          if (region && node.getAttribute("role") === "img") {
            speech.push({
              at: performance.now(),
              kind: "live",
              where: describe(region),
              text: spokenText(node),
            });
          }
        }
        const region = liveRegionOf(mutation.target);
        if (!region || region.querySelector("[role=img]")) continue;
        const text = spokenText(region);
        if (text !== "" && seen.get(region) !== text) {
          speech.push({ at: performance.now(), kind: "live", where: describe(region), text });
        }
        seen.set(region, text);
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    win.__speechObserver = observer;
    document.addEventListener(
      "focusin",
      (event) => {
        const target = event.target as Element;
        if (win.__speech === speech) {
          speech.push({
            at: performance.now(),
            kind: "focus",
            where: describe(target),
            text: spokenText(target),
          });
        }
      },
      true,
    );
  });
}

/** What the page has said since `recordSpeech`. */
export async function spoken(page: Page): Promise<Speech[]> {
  return page.evaluate(() => (window as Window & { __speech?: Speech[] }).__speech ?? []);
}

/**
 * Elements whose content does not fit and is cut off: horizontal overflow of the page, and text
 * clipped by an element that hides its overflow. Visually hidden text is meant to be clipped.
 */
export async function clippedContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      problems.push(`page scrolls sideways: ${root.scrollWidth}px content in ${root.clientWidth}px`);
    }
    const hidden = (element: Element) =>
      element.closest(".visually-hidden, [data-live-announcer], [aria-hidden=true], [hidden]") !== null;
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      if (hidden(element) || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      if (rect.width > 1 && rect.right > root.clientWidth + 1 && style.position !== "fixed") {
        problems.push(
          `${element.tagName.toLowerCase()}.${element.className} reaches ${Math.round(rect.right)}px`,
        );
      }
      const clipsX = ["hidden", "clip"].includes(style.overflowX);
      const clipsY = ["hidden", "clip"].includes(style.overflowY);
      if (!clipsX && !clipsY) continue;
      if ((element.textContent ?? "").trim() === "") continue;
      if (
        (clipsX && element.scrollWidth > element.clientWidth + 1) ||
        (clipsY && element.scrollHeight > element.clientHeight + 1)
      ) {
        problems.push(
          `${element.tagName.toLowerCase()}.${element.className} clips "${(element.textContent ?? "").trim().slice(0, 40)}"`,
        );
      }
    }
    return problems;
  });
}

/** WCAG 1.4.12 text spacing, as the W3C's bookmarklet sets it. */
export const TEXT_SPACING_CSS = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/**
 * Interactive elements smaller than 24 × 24 CSS pixels (WCAG 2.5.8), except links inside a
 * sentence (the criterion's inline exception). A radio or checkbox is its label, which is what is
 * clicked (the input itself is visually hidden).
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const selector =
      "a[href], button, input, select, textarea, [role=button], [role=link], [role=tab], [role=option], [tabindex='0']";
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest("[data-live-announcer], [aria-hidden=true], [hidden]")) continue;
      const input = element instanceof HTMLInputElement && ["radio", "checkbox"].includes(element.type);
      const target = input ? (element.closest("label") ?? element) : element;
      const rect = target.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      if (element.tagName === "A" && element.parentElement) {
        const sentence = [...element.parentElement.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim().length > 1,
        );
        if (sentence) continue;
      }
      if (element.closest("[role=spinbutton]") || element.getAttribute("role") === "spinbutton") continue;
      if (rect.width < 24 || rect.height < 24) {
        small.push(
          `${element.tagName.toLowerCase()} "${(target.textContent ?? element.getAttribute("aria-label") ?? "").trim().slice(0, 30)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`,
        );
      }
    }
    return small;
  });
}

export type FocusRing = {
  element: string;
  ring: string;
  color: string;
  width: number;
  background: string;
  contrast: number;
};

/**
 * The focus ring of the element that has focus, from computed styles: the outline drawn by the
 * element, its ::before (radios), its box (checkboxes), or the field around it (date segments);
 * and the contrast of its colour with the background it is drawn on (WCAG 1.4.11).
 */
export async function focusRing(page: Page): Promise<FocusRing | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return null;
    const parse = (color: string): [number, number, number, number] => {
      const parts = color.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const luminance = ([r, g, b]: number[]) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
    };
    const holder = active.closest("[data-focus-visible]");
    const candidates: [Element, string | null][] = [
      [active, null],
      ...(holder
        ? ([
            [holder, null],
            [holder, "::before"],
          ] as [Element, string | null][])
        : []),
      ...([...(holder?.querySelectorAll(".checkbox__box") ?? [])].map((box) => [box, null]) as [
        Element,
        string | null,
      ][]),
      ...((active.closest(".date-input") ? [[active.closest(".date-input"), null]] : []) as [
        Element,
        string | null,
      ][]),
    ];
    for (const [element, pseudo] of candidates) {
      // A visually hidden input (a radio's, a checkbox's) has an outline nobody sees: its label draws the ring.
      const box = element.getBoundingClientRect();
      if (!pseudo && (box.width < 4 || box.height < 4)) continue;
      const style = getComputedStyle(element, pseudo);
      const width = Number.parseFloat(style.outlineWidth);
      const [, , , alpha] = parse(style.outlineColor);
      if (style.outlineStyle === "none" || width < 1 || alpha === 0) continue;
      // The ring is drawn on what lies around the element (or inside it, for a negative offset).
      let behind: Element | null =
        Number.parseFloat(style.outlineOffset) < 0 ? element : element.parentElement;
      let background = "rgb(255, 255, 255)";
      for (; behind; behind = behind.parentElement) {
        const color = getComputedStyle(behind).backgroundColor;
        if (parse(color)[3] > 0) {
          background = color;
          break;
        }
      }
      const [a, b] = [luminance(parse(style.outlineColor)), luminance(parse(background))];
      return {
        element: `${active.tagName.toLowerCase()} ${(active.getAttribute("aria-label") ?? active.textContent ?? "").trim().slice(0, 30)}`,
        ring: `${element.tagName.toLowerCase()}${pseudo ?? ""}.${String(element.className).split(" ")[0]}`,
        color: style.outlineColor,
        width,
        background,
        contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
      };
    }
    return {
      element: `${active.tagName.toLowerCase()} ${(active.textContent ?? "").trim().slice(0, 30)}`,
      ring: "none",
      color: "none",
      width: 0,
      background: "",
      contrast: 0,
    };
  });
}
