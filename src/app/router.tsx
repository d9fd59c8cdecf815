import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from "react-router-dom";
import { LoadingOverlay } from "../components/loading-overlay";
import { AuthLayout } from "../features/auth/auth-layout";
import { loadBaseProfile } from "../features/profile/base-profile-loader";
import { ErrorScreen } from "../features/shell/error-screen";
import { FormLayout } from "../features/shell/form-layout";
import { DEFAULT_ROUTE } from "../shared/routes";
import { AppRoot } from "./app-root";
import { pageModules } from "./route-modules";

/** Spec §2: any unknown path goes to the default form route, keeping the query string. */
function toDefaultRoute({ request }: LoaderFunctionArgs) {
  return redirect(DEFAULT_ROUTE + new URL(request.url).search);
}

const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <ErrorScreen />,
    children: [
      {
        id: "root",
        element: <FormLayout />,
        loader: loadBaseProfile,
        // The base profile is loaded once; pages change the local copy, not the loader's.
        shouldRevalidate: () => false,
        hydrateFallbackElement: <LoadingOverlay />,
        errorElement: <ErrorScreen />,
        children: [
          { path: "about", lazy: () => pageModules.about().then((m) => ({ Component: m.AboutPage })) },
          {
            path: "education",
            lazy: () => pageModules.education().then((m) => ({ Component: m.EducationPage })),
          },
          {
            path: "final-steps",
            lazy: () => pageModules.finalSteps().then((m) => ({ Component: m.FinalStepsPage })),
          },
          {
            path: "completion",
            lazy: () => pageModules.completion().then((m) => ({ Component: m.CompletionPage })),
          },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: "login", lazy: () => pageModules.login().then((m) => ({ Component: m.LoginPage })) },
          { path: "signup", lazy: () => pageModules.signup().then((m) => ({ Component: m.SignupPage })) },
          { path: "confirm", lazy: () => pageModules.confirm().then((m) => ({ Component: m.ConfirmPage })) },
          { path: "forgot", lazy: () => pageModules.forgot().then((m) => ({ Component: m.ForgotPage })) },
          { path: "reset", lazy: () => pageModules.reset().then((m) => ({ Component: m.ResetPage })) },
        ],
      },
      { path: "*", loader: toDefaultRoute },
    ],
  },
];

/** The applicant's app. Created on demand: a router starts loading its route (the profile) at once. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
