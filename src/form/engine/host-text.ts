/** Replaces the spec's `{host}` placeholder (e.g. in a message) with the institution's name. */
export function withHost(text: string, hostName: string): string {
  return text.replaceAll("{host}", hostName);
}
