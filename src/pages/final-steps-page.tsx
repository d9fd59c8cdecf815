import { PageActionsPart as PageActions } from "../features/application/page-actions-part";
import { ApplicationPdfPreview } from "../features/application-pdf/application-pdf-section";
import { useTabSwitchGuard } from "../features/documents/tab-switch-guard";
import { FormPageView } from "../features/form/form-page-view";
import { finalStepsPage } from "../form/pages/final-steps";

export function FinalStepsPage() {
  // The personal statement's tabs: leaving one asks first, and the upload tab's file is deleted
  // (spec §4), with an undo.
  const { switchTabs, tabNotice, dialog } = useTabSwitchGuard();
  return (
    <>
      <FormPageView
        page={finalStepsPage}
        switchTabs={switchTabs}
        tabNotice={tabNotice}
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
