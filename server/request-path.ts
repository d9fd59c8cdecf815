const SLASH = 47;

/**
 * The path the router matches for a request target: without query string or host (absolute-form
 * targets), percent-decoded. Prefix checks (the CSRF check, the `/api/` session gate) must use it
 * rather than `request.url`, which is the raw target: `/%61pi/logout` or `http://host/api/logout`
 * reach the `/api/logout` route but do not start with "/api/".
 */
export function routingPath(url: string): string {
  // The usual target ("/about", "/api/answer?x=1"): nothing to decode, no host (run per hook of
  // every request: issue 15).
  if (url.charCodeAt(0) === SLASH && !url.includes("%")) {
    const end = url.search(/[?#]/);
    return end < 0 ? url : url.slice(0, end);
  }
  let path = url.split(/[?#]/, 1)[0] ?? "/";
  if (!path.startsWith("/")) {
    try {
      path = new URL(path).pathname;
    } catch {
      // Not a URL either: the router refuses it too.
    }
  }
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
