import type { FormPage } from "../catalogue-types";
import { collegesSection } from "./education/colleges";
import { highSchoolSection } from "./education/high-school";
import { programSection, transferDetailsSection } from "./education/program";
import {
  actSection,
  cltSection,
  englishProficiencySection,
  satSection,
  testPolicySection,
} from "./education/test-scores";

/** Step Two, Your Academics (spec §3–§5): every "education" key of the data model, in reading order. */
export const educationPage: FormPage = {
  id: "education",
  title: "Your Academics",
  intro: {
    text: "Tell us about the program you want to study, your high school, the colleges you have attended and any test scores you would like us to consider.",
    audience: "applicant",
  },
  sections: [
    programSection,
    transferDetailsSection,
    highSchoolSection,
    collegesSection,
    testPolicySection,
    satSection,
    actSection,
    cltSection,
    englishProficiencySection,
  ],
};
