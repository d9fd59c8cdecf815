import { partner } from "../config/partner";

/**
 * The institution's mark (its logo, partner configuration; the favicon is made from the same file).
 * With a `label` it is the institution's logo, an image whose text alternative is the label (the
 * logo banner, spec §2); without, it is decorative beside text that names the same thing. Inline
 * rather than an <img> of the SVG file: the browser builds a document of its own for every SVG
 * image, 20 ms of a first visit's main thread on a slow machine (issue 15), and the logo is drawn
 * twice on a first visit (the prerendered screen, then the app's); its fixed size keeps the layout
 * from shifting. The logo was checked when the configuration was read (src/config/load-partner.ts):
 * one <svg>, nothing in it that runs or loads; an image's children are presentational, so its own
 * markup names nothing.
 */
export function BrandMark({ size, label }: { size: number; label?: string }) {
  const shared = {
    className: "brand-mark",
    style: { width: size, height: size },
    dangerouslySetInnerHTML: { __html: partner.logoSvg },
  };
  return label ? <span role="img" aria-label={label} {...shared} /> : <span aria-hidden="true" {...shared} />;
}
