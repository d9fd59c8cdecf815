// Lazy page modules: one import function each, used by the router and to preload on hover.

import { isFormPagePath } from "../shared/routes";

export const pageModules = {
  about: () => import("../pages/about-page"),
  education: () => import("../pages/education-page"),
  finalSteps: () => import("../pages/final-steps-page"),
  completion: () => import("../pages/completion-page"),
  login: () => import("../features/auth/login-page"),
  signup: () => import("../features/auth/signup-page"),
  confirm: () => import("../features/auth/confirm-page"),
  forgot: () => import("../features/auth/forgot-page"),
  reset: () => import("../features/auth/reset-page"),
} as const;

export type PageModuleName = keyof typeof pageModules;

const MODULE_OF_PATH: Readonly<Record<string, PageModuleName>> = {
  "/about": "about",
  "/education": "education",
  "/final-steps": "finalSteps",
  "/completion": "completion",
  "/login": "login",
  "/signup": "signup",
  "/confirm": "confirm",
  "/forgot": "forgot",
  "/reset": "reset",
};

/**
 * The page module the router will load for `pathname`, if it is one of the app's pages, and
 * whether it is a form page's.
 */
export function pageModuleFor(pathname: string): { load: () => Promise<unknown>; form: boolean } | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  const name = MODULE_OF_PATH[path];
  return name ? { load: pageModules[name], form: isFormPagePath(path) } : undefined;
}

/** Warms the cache for a route the pointer is heading to. */
export function preloadPage(name: PageModuleName): void {
  pageModules[name]().catch(() => {});
}
