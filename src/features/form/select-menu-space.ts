// Spec §9: a select's menu keeps 100 px from the top and bottom edges of the window ("collision
// padding"). React Aria's own padding applies to every side, and 100 px on the sides would push a
// menu off a phone's screen, so the side and the height are chosen here, when the menu opens.

/** Spec §9 select menu collision padding, top and bottom. */
export const MENU_EDGE_PX = 100;
/** The gap between the select's button and its menu. */
export const MENU_OFFSET_PX = 4;
/** A menu never gets shorter than about two options, even in a window too short for the padding. */
export const MENU_MIN_HEIGHT_PX = 88;
/** Below the button when at least this much room is there (about seven options). */
const ENOUGH_BELOW_PX = 320;

export type MenuSpace = { placement: "bottom start" | "top start"; maxHeight: number };

/**
 * Where the menu of a button at `trigger` (viewport coordinates) opens and how tall it may be:
 * below when there is room for a good part of a list, or at least as much as above; otherwise
 * above. Either way it ends `MENU_EDGE_PX` from the window's edge.
 */
export function menuSpace(trigger: { top: number; bottom: number }, viewportHeight: number): MenuSpace {
  const below = viewportHeight - MENU_EDGE_PX - trigger.bottom - MENU_OFFSET_PX;
  const above = trigger.top - MENU_EDGE_PX - MENU_OFFSET_PX;
  const placement = below >= ENOUGH_BELOW_PX || below >= above ? "bottom start" : "top start";
  const room = placement === "bottom start" ? below : above;
  return { placement, maxHeight: Math.max(MENU_MIN_HEIGHT_PX, Math.floor(room)) };
}
