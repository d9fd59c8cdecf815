/**
 * Combines the server's answers with this device's: a field with a change still waiting to be
 * sent keeps the device's value (it is newer than anything the server has seen); every other
 * field takes the server's value.
 */
export function mergeServerAnswers(
  local: Record<string, string>,
  server: Record<string, string>,
  pendingKeys: ReadonlySet<string>,
): { merged: Record<string, string>; changed: string[] } {
  const merged = { ...local };
  const changed: string[] = [];
  for (const [key, value] of Object.entries(server)) {
    if (pendingKeys.has(key) || merged[key] === value) continue;
    merged[key] = value;
    changed.push(key);
  }
  return { merged, changed };
}
