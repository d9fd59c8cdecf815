import { RouterProvider } from "react-aria-components";
import type { NavigateOptions } from "react-router-dom";
import { Outlet, useHref, useNavigate } from "react-router-dom";
import { Toasts } from "../components/toasts";

declare module "react-aria-components" {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** Lets React Aria links navigate through the data router, and hosts the toast region. */
export function AppRoot() {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to, options) => navigate(to, options)} useHref={useHref}>
      <Outlet />
      <Toasts />
    </RouterProvider>
  );
}
