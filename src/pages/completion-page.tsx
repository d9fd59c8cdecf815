import { partner } from "../config/partner";
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
        {partner.helpEmail}.
      </p>
    </>
  );
}
