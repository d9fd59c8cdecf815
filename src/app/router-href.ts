import { useHref } from "react-router-dom";

/**
 * True for an href the browser must follow as written: another scheme (`mailto:`, `tel:`,
 * `https:`) or another host (`//cdn.example`). Everything else is a path inside the app.
 */
export function isOutsideHref(href: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(href);
}

/**
 * React Aria's RouterProvider passes every link's href through this. React Router's `useHref`
 * resolves paths against the app (base name, relative paths) but would turn `mailto:a@b.edu` into
 * `/mailto:a@b.edu`: outside hrefs pass unchanged.
 */
export function useRouterHref(href: string): string {
  const outside = isOutsideHref(href);
  // Called on every render either way (a hook); the outside href is not React Router's business.
  const inApp = useHref(outside ? "." : href);
  return outside ? href : inApp;
}
