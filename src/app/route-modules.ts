// Lazy page modules: one import function each, used by the router and to preload on hover.

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

/** Warms the cache for a route the pointer is heading to. */
export function preloadPage(name: PageModuleName): void {
  pageModules[name]().catch(() => {});
}
