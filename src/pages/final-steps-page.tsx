import { PageActions } from "../features/application/page-actions";
import { ApplicationPdfPreview } from "../features/application-pdf/application-pdf-section";
import { FormPageView } from "../features/form/form-page-view";
import { finalStepsPage } from "../form/pages/final-steps";

export function FinalStepsPage() {
  return (
    <>
      <FormPageView page={finalStepsPage} />
      <ApplicationPdfPreview />
      <PageActions current="/final-steps" />
    </>
  );
}
