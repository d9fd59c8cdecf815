import { PageActionsPart as PageActions } from "../features/application/page-actions-part";
import { FormPageView } from "../features/form/form-page-view";
import { educationPage } from "../form/pages/education";

export function EducationPage() {
  return <FormPageView page={educationPage} after={<PageActions current="/education" />} />;
}
