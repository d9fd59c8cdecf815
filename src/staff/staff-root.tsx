import { RouterProvider } from "react-aria-components";
import { Outlet, useNavigate } from "react-router-dom";
import { useRouterHref } from "../app/router-href";

/** Lets React Aria links navigate through the staff app's router. */
export function StaffRoot() {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to, options) => navigate(to, options)} useHref={useRouterHref}>
      <Outlet />
    </RouterProvider>
  );
}
