import { aboutPage } from "./about";
import { educationPage } from "./education";
import { finalStepsPage } from "./final-steps";

/** Every form page in step order. */
export const formPages = [aboutPage, educationPage, finalStepsPage] as const;
