import { partner } from "../config/partner";

/**
 * The institution's mark (its logo, partner configuration; the favicon is made from the same file),
 * decorative: whatever it sits in is named by its own text. Inline rather than an <img> of the SVG
 * file: the browser builds a document of its own for every SVG image, 20 ms of a first visit's main
 * thread on a slow machine (issue 15), and the header's mark is drawn twice on a first visit (the
 * prerendered screen, then the app's). The logo was checked when the configuration was read
 * (src/config/load-partner.ts): one <svg>, nothing in it that runs or loads.
 */
export function BrandMark({ size }: { size: number }) {
  return (
    <span
      className="brand-mark"
      style={{ width: size, height: size }}
      aria-hidden="true"
      dangerouslySetInnerHTML={{ __html: partner.logoSvg }}
    />
  );
}
