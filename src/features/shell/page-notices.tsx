import { createContext, type ReactNode, useContext } from "react";

/**
 * The layout's notices for the page shown (the welcome banner and the validation summary). The
 * page puts them after its h1 and introduction, so the h1 is the first heading of the main
 * content and the notices' h2s follow it.
 */
export const PageNoticesContext = createContext<ReactNode>(null);

export function PageNotices() {
  return <>{useContext(PageNoticesContext)}</>;
}
