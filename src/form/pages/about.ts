import type { FormPage } from "../catalogue-types";
import { mailingAddressSection, permanentAddressSection } from "./about/address";
import { affiliationSection } from "./about/affiliation";
import { backgroundSection, citizenshipSection, raceSection } from "./about/citizenship";
import { legacyRelativesSection, legacySection } from "./about/legacy";
import { militarySection } from "./about/military";
import { parent1Section, parent2Section, parentsSection } from "./about/parents";
import { applicationSection, identitySection, nameSection, phoneSection } from "./about/personal";

/** Step One, About You (spec §2–§5): every "about" key of the data model, in reading order. */
export const aboutPage: FormPage = {
  id: "about",
  title: "About You",
  // Instructions for filling in the form: not part of the read-only service rendering.
  intro: {
    text: "Tell us who you are. Your answers are saved on this device as you type.",
    audience: "applicant",
  },
  sections: [
    applicationSection,
    nameSection,
    identitySection,
    permanentAddressSection,
    mailingAddressSection,
    phoneSection,
    parentsSection,
    parent1Section,
    parent2Section,
    citizenshipSection,
    backgroundSection,
    raceSection,
    affiliationSection,
    militarySection,
    legacySection,
    legacyRelativesSection,
  ],
};
