export type SpinnerSize = "small" | "medium" | "large";

/** Spec §2 loading sizes: 0.4rem, 0.8rem, 2rem. */
export function Spinner({ size = "large" }: { size?: SpinnerSize }) {
  return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
}

/** Covers the page (highest z-index) while a route loads; announced politely. */
export function LoadingOverlay({ label = "Loading" }: { label?: string }) {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <Spinner />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
