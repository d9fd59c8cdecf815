import { Suspense } from "react";
import { Link } from "react-aria-components";
import { partner } from "../config/partner";
import { ApplicationPdfDownload } from "../features/application-pdf/application-pdf-section";
import * as m from "../features/application-pdf/pdf-messages";
import { useClientSnapshot } from "../features/profile/snapshot-context";
import { PageNotices } from "../features/shell/page-notices";
import { useLanguage } from "../i18n/use-language";
import { lazyPart } from "../lib/load-part";
import { useDocumentTitle } from "../lib/use-document-title";

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
  const { t } = useLanguage();
  useDocumentTitle(t(m.applicationSubmitted));
  return (
    <>
      <h1 tabIndex={-1}>{t(m.applicationSubmitted)}</h1>
      <p className="page-intro">{t(m.successfullySubmitted)}</p>
      <PageNotices />
      <p>
        {t(m.thankYou, { host: partner.name })}{" "}
        <Link href={`mailto:${partner.helpEmail}`}>{partner.helpEmail}</Link>.
      </p>
      <Receipt />
    </>
  );
}
