import { partComponent } from "../form/part-component";
import { pageActionsPart } from "../form/question-parts";

/** A form page's actions (page-actions.tsx), from their part loaded apart (question-parts.ts). */
export const PageActionsPart = partComponent(pageActionsPart, (part) => part.PageActions);
