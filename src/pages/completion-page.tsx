import { Suspense } from "react";
import { Link } from "react-aria-components";
import { partner } from "../config/partner";
import { ApplicationPdfDownload } from "../features/application-pdf/application-pdf-section";
import { useClientSnapshot } from "../features/profile/snapshot-context";
import { PageNotices } from "../features/shell/page-notices";
import { lazyPart } from "../lib/load-part";
import { useDocumentTitle } from "../lib/use-document-title";
import { COMPLETION_MESSAGE } from "../shared/messages";

// What the office has received (issue 32): its own chunk, for signed-in applicants.
const ReceiptSection = lazyPart(() => import("../features/receipt/receipt-section"));

function Receipt() {
  const { snapshot } = useClientSnapshot();
  if (!snapshot.is_logged_in || !snapshot.username) return <ApplicationPdfDownload />;
  return (
    <Suspense fallback={null}>
      <ReceiptSection owner={snapshot.username}>
        <ApplicationPdfDownload />
      </ReceiptSection>
    </Suspense>
  );
}

export function CompletionPage() {
  useDocumentTitle("Application submitted");
  return (
    <>
      <h1 tabIndex={-1}>Application submitted</h1>
      <p className="page-intro">{COMPLETION_MESSAGE}</p>
      <PageNotices />
      <p>
        Thank you for applying to {partner.name}. We will e-mail you about the next steps. Questions? Write to{" "}
        <Link href={`mailto:${partner.helpEmail}`}>{partner.helpEmail}</Link>.
      </p>
      <Receipt />
    </>
  );
}
