import { Link } from "react-aria-components";
import { partner } from "../config/partner";
import { ApplicationPdfDownload } from "../features/application-pdf/application-pdf-section";
import { PageNotices } from "../features/shell/page-notices";
import { useDocumentTitle } from "../lib/use-document-title";
import { COMPLETION_MESSAGE } from "../shared/messages";

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
      <ApplicationPdfDownload />
    </>
  );
}
