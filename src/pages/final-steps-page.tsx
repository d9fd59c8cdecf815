import { PageActions } from "../features/application/page-actions";
import { FormPageView } from "../features/form/form-page-view";
import { finalStepsPage } from "../form/pages/final-steps";

export function FinalStepsPage() {
  return (
    <>
      <FormPageView page={finalStepsPage} />
      <PageActions current="/final-steps" />
    </>
  );
}
