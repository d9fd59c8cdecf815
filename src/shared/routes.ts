// Route table of spec §2, shared by the client router and the server's last-page check.

export const FORM_PAGES = [
  { path: "/about", step: "Step One", title: "About You" },
  { path: "/education", step: "Step Two", title: "Your Academics" },
  { path: "/final-steps", step: "Step Three", title: "Final Steps" },
] as const;

export type FormPagePath = (typeof FORM_PAGES)[number]["path"];

export const DEFAULT_ROUTE: FormPagePath = "/about";
export const COMPLETION_ROUTE = "/completion";

export const AUTH_ROUTES = ["/login", "/signup", "/confirm", "/forgot", "/reset"] as const;

export function isFormPagePath(path: string): path is FormPagePath {
  return FORM_PAGES.some((page) => page.path === path);
}
