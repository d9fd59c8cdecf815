import { type LoaderFunctionArgs, type RouteObject, redirect } from "react-router-dom";
import { ApiError } from "../lib/api-client";
import { STAFF_PATHS } from "../shared/staff";
import { ApplicationPage } from "./application-page";
import { ApplicationsPage } from "./applications-page";
import { SetPasswordPage } from "./set-password-page";
import { SignInPage } from "./sign-in-page";
import { staffApi } from "./staff-api";
import { StaffErrorScreen } from "./staff-error-screen";
import { SignedInLayout } from "./staff-layout";
import { StaffRoot } from "./staff-root";

/** Signed-in pages: the staff member, or the sign-in page with the way back. */
async function loadStaff({ request }: LoaderFunctionArgs) {
  try {
    return await staffApi.me();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const url = new URL(request.url);
      throw redirect(`${STAFF_PATHS.signIn}?${new URLSearchParams({ next: url.pathname + url.search })}`);
    }
    throw error;
  }
}

export const staffRoutes: RouteObject[] = [
  {
    element: <StaffRoot />,
    errorElement: <StaffErrorScreen />,
    children: [
      { path: STAFF_PATHS.signIn, element: <SignInPage /> },
      { path: STAFF_PATHS.setPassword, element: <SetPasswordPage /> },
      {
        id: "staff",
        loader: loadStaff,
        shouldRevalidate: () => false,
        element: <SignedInLayout />,
        errorElement: <StaffErrorScreen />,
        children: [
          { path: STAFF_PATHS.list, element: <ApplicationsPage /> },
          { path: "/staff/applications/:id", element: <ApplicationPage /> },
        ],
      },
      { path: "*", loader: () => redirect(STAFF_PATHS.list) },
    ],
  },
];
