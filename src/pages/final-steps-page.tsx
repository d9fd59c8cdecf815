import { PageActions } from "../features/application/page-actions";
import { ApplicationPdfPreview } from "../features/application-pdf/application-pdf-section";
import { useDocumentTabGuard } from "../features/documents/use-document-tab-guard";
import { FormPageView } from "../features/form/form-page-view";
import { finalStepsPage } from "../form/pages/final-steps";

export function FinalStepsPage() {
  // The personal statement's tabs: leaving the upload tab deletes its file (spec §4).
  const { beforeTabSwitch, dialog } = useDocumentTabGuard();
  return (
    <>
      <FormPageView
        page={finalStepsPage}
        beforeTabSwitch={beforeTabSwitch}
        after={
          <>
            <ApplicationPdfPreview />
            <PageActions current="/final-steps" />
          </>
        }
      />
      {dialog}
    </>
  );
}
