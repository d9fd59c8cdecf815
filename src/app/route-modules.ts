// Lazy page modules: one import function each, used by the router and to preload on hover. Each
// keeps trying while the network is away (loadPart), so a page not yet stored by the service
// worker opens once the network is back, rather than failing.

import { loadPart } from "../lib/load-part";
import { isFormPagePath } from "../shared/routes";

export const pageModules = {
  about: () => loadPart(() => import("../pages/about-page")),
  education: () => loadPart(() => import("../pages/education-page")),
  finalSteps: () => loadPart(() => import("../pages/final-steps-page")),
  completion: () => loadPart(() => import("../pages/completion-page")),
  login: () => loadPart(() => import("../features/auth/login-page")),
  signup: () => loadPart(() => import("../features/auth/signup-page")),
  confirm: () => loadPart(() => import("../features/auth/confirm-page")),
  forgot: () => loadPart(() => import("../features/auth/forgot-page")),
  reset: () => loadPart(() => import("../features/auth/reset-page")),
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
