import { PageActionsPart as PageActions } from "../features/application/page-actions-part";
import { FormPageView } from "../features/form/form-page-view";
import { aboutPage } from "../form/pages/about";

export function AboutPage() {
  return <FormPageView page={aboutPage} after={<PageActions current="/about" />} />;
}
