import { RouterProvider } from "react-aria-components";
import type { NavigateOptions } from "react-router-dom";
import { Outlet, useNavigate } from "react-router-dom";
import { Toasts } from "../components/toasts";
import { UpdatePrompt } from "../features/pwa/update-prompt";
import { useRouterHref } from "./router-href";

declare module "react-aria-components" {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** Lets React Aria links navigate through the data router; hosts the toast region and the update prompt. */
export function AppRoot() {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to, options) => navigate(to, options)} useHref={useRouterHref}>
      <Outlet />
      <Toasts />
      <UpdatePrompt />
    </RouterProvider>
  );
}
