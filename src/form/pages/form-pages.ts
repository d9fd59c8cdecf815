import { aboutPage } from "./about";

/** Every form page in step order. Your Academics and Final Steps come in a later issue. */
export const formPages = [aboutPage] as const;
