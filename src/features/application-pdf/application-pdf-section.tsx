import { Suspense } from "react";
import { useLanguage } from "../../i18n/use-language";
import { lazyPart } from "../../lib/load-part";
import { useClientSnapshot } from "../profile/snapshot-context";
import type { PdfLinkMode } from "./application-pdf-link";
import { reviewIntro, reviewTitle } from "./pdf-messages";

// The PDF link on a page, loaded as its own chunk (no first screen needs it). Only a signed-in
// applicant has a PDF (spec §6); an anonymous visitor sees nothing of it.

const ApplicationPdfLink = lazyPart(() =>
  import("./application-pdf-link").then((module) => ({ default: module.ApplicationPdfLink })),
);

function SignedInPdfLink({ mode }: { mode: PdfLinkMode }) {
  const { snapshot } = useClientSnapshot();
  if (!snapshot.is_logged_in || !snapshot.username) return null;
  return (
    <Suspense fallback={null}>
      <ApplicationPdfLink mode={mode} owner={snapshot.username} />
    </Suspense>
  );
}

/** /completion: "Download your application (PDF)". */
export function ApplicationPdfDownload() {
  return <SignedInPdfLink mode="download" />;
}

/** Final Steps before submitting: review the application as the university will see it. */
export function ApplicationPdfPreview() {
  const { snapshot } = useClientSnapshot();
  const { t } = useLanguage();
  if (!snapshot.is_logged_in) return null;
  return (
    <section className="application-pdf-review" aria-labelledby="application-pdf-review-title">
      <h2 id="application-pdf-review-title">{t(reviewTitle)}</h2>
      <p>{t(reviewIntro)}</p>
      <SignedInPdfLink mode="preview" />
    </section>
  );
}
