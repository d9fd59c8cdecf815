import { describe, expect, it } from "vitest";
import { MENU_EDGE_PX, MENU_MIN_HEIGHT_PX, MENU_OFFSET_PX, menuSpace } from "./select-menu-space";

const WINDOW = 900;

describe("where a select's menu opens (spec §9: 100 px from the top and bottom edges)", () => {
  it("opens below a button high in the window, ending 100 px above the bottom", () => {
    const space = menuSpace({ top: 150, bottom: 194 }, WINDOW);
    expect(space.placement).toBe("bottom start");
    expect(194 + MENU_OFFSET_PX + space.maxHeight).toBe(WINDOW - MENU_EDGE_PX);
  });

  it("opens above a button near the bottom, ending 100 px below the top", () => {
    const space = menuSpace({ top: 780, bottom: 824 }, WINDOW);
    expect(space.placement).toBe("top start");
    expect(780 - MENU_OFFSET_PX - space.maxHeight).toBe(MENU_EDGE_PX);
  });

  it("prefers below when there is room for a good part of the list, even with more above", () => {
    expect(menuSpace({ top: 500, bottom: 520 }, WINDOW).placement).toBe("top start");
    expect(menuSpace({ top: 500, bottom: 520 }, 1200).placement).toBe("bottom start");
  });

  it("keeps about two options in a window too short for the padding", () => {
    expect(menuSpace({ top: 150, bottom: 190 }, 380).maxHeight).toBe(MENU_MIN_HEIGHT_PX);
  });
});
