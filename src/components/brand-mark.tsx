/**
 * The university's mark (public/icons/favicon.svg, drawn again here). With a `label` it is the
 * institution's logo, an image whose text alternative is the label (the logo banner, spec §2);
 * without, it is decorative beside text that names the same thing. Inline rather than an <img> of
 * the SVG file: the browser builds a document of its own for every SVG image, 20 ms of a first
 * visit's main thread on a slow machine (issue 15), and the logo is drawn twice on a first visit
 * (the prerendered screen, then the app's); its fixed size keeps the layout from shifting.
 */
export function BrandMark({ size, label }: { size: number; label?: string }) {
  return (
    <svg
      className="brand-mark"
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 100 100"
      width={size}
      height={size}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <rect width="100" height="100" rx="22" fill="#1f3a5f" />
      <path
        fill="#fff"
        d="M47 31 Q33 23 19 27 L19 67 Q33 63 47 71 Z M53 31 Q67 23 81 27 L81 67 Q67 63 53 71 Z M13 32 L16 32 L16 70 Q34 67 50 75 Q66 67 84 70 L84 32 L87 32 L87 75 Q68 72 52 79 L48 79 Q32 72 13 75 Z"
      />
    </svg>
  );
}
