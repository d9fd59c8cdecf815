import type { Audience, AudienceText } from "../catalogue-types";

/**
 * Who is looking (spec §6): an anonymous visitor, a signed-in applicant, or the service user, whose
 * read-only rendering shows a signed-in applicant's application.
 */
export type Viewer = { signedIn: boolean; serviceUser?: boolean };

/** True when content for `audience` (default: everyone) is shown to `viewer`. */
export function isForViewer(audience: Audience | undefined, viewer: Viewer): boolean {
  const serviceUser = viewer.serviceUser === true;
  switch (audience ?? "all") {
    case "all":
      return true;
    case "signedIn":
      return viewer.signedIn || serviceUser;
    case "applicant":
      return !serviceUser;
    case "service":
      return serviceUser;
  }
}

/** The text `viewer` is shown (undefined when there is none, or it is for another audience). */
export function textForViewer(text: AudienceText | undefined, viewer: Viewer): string | undefined {
  if (text === undefined || typeof text === "string") return text || undefined;
  return isForViewer(text.audience, viewer) && text.text ? text.text : undefined;
}
