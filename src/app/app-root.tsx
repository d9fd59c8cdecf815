import { RouterProvider } from "react-aria-components";
import type { NavigateOptions } from "react-router-dom";
import { Outlet, useNavigate } from "react-router-dom";
import { ErrorDialogHost } from "../components/error-dialog";
import { Toasts } from "../components/toasts";
import { UpdatePrompt } from "../features/pwa/update-prompt";
import { useRouterHref } from "./router-href";

declare module "react-aria-components" {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/**
 * Lets React Aria links navigate through the data router; hosts the toast region, the error
 * dialog and the update prompt, which outlive any one screen.
 */
export function AppRoot() {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to, options) => navigate(to, options)} useHref={useRouterHref}>
      <Outlet />
      <Toasts />
      <ErrorDialogHost />
      <UpdatePrompt />
    </RouterProvider>
  );
}
