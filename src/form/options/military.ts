import { withEmptyOption } from "./empty-option";

export const militaryBranches = withEmptyOption([
  { value: "army", label: "Army" },
  { value: "navy", label: "Navy" },
  { value: "air_force", label: "Air Force" },
  { value: "marine_corps", label: "Marine Corps" },
  { value: "coast_guard", label: "Coast Guard" },
  { value: "space_force", label: "Space Force" },
  { value: "army_national_guard", label: "Army National Guard" },
  { value: "air_national_guard", label: "Air National Guard" },
  { value: "reserves", label: "Reserves" },
]);

/** GI Bill chapters of Title 38 / Title 10, valued by chapter number. */
export const giBillChapters = withEmptyOption([
  { value: "30", label: "Chapter 30: Montgomery GI Bill – Active Duty" },
  { value: "31", label: "Chapter 31: Veteran Readiness and Employment" },
  { value: "33", label: "Chapter 33: Post-9/11 GI Bill" },
  { value: "35", label: "Chapter 35: Survivors' and Dependents' Educational Assistance" },
  { value: "1606", label: "Chapter 1606: Montgomery GI Bill – Selected Reserve" },
  { value: "1607", label: "Chapter 1607: Reserve Educational Assistance Program" },
]);

/** Post-9/11 GI Bill benefit level: 40% … 100% in steps of 10. */
export const giBillPercents = withEmptyOption(
  [40, 50, 60, 70, 80, 90, 100].map((percent) => ({ value: String(percent), label: `${percent}%` })),
);
