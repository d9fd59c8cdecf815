// One thing speaks at a time (decision 0016). While the outcome of an action is being said (a
// failed Submit moves focus to the summary, which reads its count), other polite announcements
// wait: the save status is said afterwards if it is still news, and a field's new error is not
// said at all (the summary lists it). No React here; components subscribe.

/** After the action ends, the quiet lasts this long: time to hear the summary's heading and count. */
export const QUIET_AFTER_MS = 4_000;

let holders = 0;
let quietUntil = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let held = false;
const listeners = new Set<() => void>();

function update(): void {
  const next = holders > 0 || Date.now() < quietUntil;
  if (next === held) return;
  held = next;
  for (const listener of listeners) listener();
}

/** Holds announcements until the returned function is called, and QUIET_AFTER_MS after. */
export function holdAnnouncements(): () => void {
  holders++;
  update();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders--;
    quietUntil = Math.max(quietUntil, Date.now() + QUIET_AFTER_MS);
    clearTimeout(timer);
    timer = setTimeout(update, Math.max(0, quietUntil - Date.now()));
    update();
  };
}

export function announcementsHeld(): boolean {
  return held;
}

/** Called when announcements become held or free again. */
export function subscribeAnnouncementHold(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
