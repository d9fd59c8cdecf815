/** What the applicant is told once a link's answers are in (issue 16's wording). */
export function loadedMessage(changed: number): string {
  return changed === 0
    ? "The answers from your link are already on this device."
    : `We've loaded your saved answers (${changed}).`;
}
