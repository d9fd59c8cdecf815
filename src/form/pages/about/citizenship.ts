import type { Section } from "../../catalogue-types";
import { whenEquals, whenIn } from "../rule-builders";

export const citizenshipSection: Section = {
  id: "citizenship",
  title: "Citizenship",
  questions: [
    {
      kind: "radio",
      key: "citizenship_type",
      label: "Select your citizenship status",
      options: { list: "citizenshipTypes" },
      checks: [{ type: "required" }],
    },
    {
      kind: "select",
      key: "citizenship",
      label: "What is your country of citizenship?",
      description: "If you are a dual citizen, choose your other country of citizenship.",
      options: { list: "countriesWithoutUs" },
      visibleWhen: whenIn("citizenship_type", ["2", "3"]),
      checks: [{ type: "required", when: whenIn("citizenship_type", ["2", "3"]) }],
    },
    {
      // An A-Number is "A" and 8–9 digits (USCIS writes it A123-456-789), not an SSN's 3-2-4 groups,
      // so a plain text field with a pattern rather than the SSN mask.
      kind: "text",
      key: "alien_registration_number",
      label: "Alien Registration Number (A-Number)",
      description:
        "If you are a U.S. permanent resident, the A-Number on your green card: the letter A followed by 8 or 9 digits, for example A123456789.",
      maxLength: 10,
      visibleWhen: whenEquals("citizenship_type", "3"),
      checks: [
        {
          type: "pattern",
          regex: "^A\\d{8,9}$",
          message:
            "Please enter your A-Number as the letter A followed by 8 or 9 digits, with no spaces or dashes.",
        },
      ],
    },
    {
      kind: "select",
      key: "citizenship_visa_status",
      label: "What is your current U.S. visa or immigration status?",
      options: { list: "visaStatuses" },
      visibleWhen: whenEquals("citizenship_type", "3"),
    },
  ],
};

export const backgroundSection: Section = {
  id: "background",
  title: "Background",
  questions: [
    {
      kind: "select",
      key: "native_language",
      label: "What is your first language?",
      options: { list: "languages" },
    },
    { kind: "radio", key: "ethnicity", label: "Ethnicity", options: { list: "ethnicities" } },
  ],
};

export const raceSection: Section = {
  id: "race",
  title: "Race",
  description: "Select all that apply.",
  questions: [
    { kind: "checkbox", key: "race_american_indian", label: "American Indian or Alaska Native" },
    { kind: "checkbox", key: "race_asian", label: "Asian" },
    { kind: "checkbox", key: "race_black", label: "Black or African American" },
    { kind: "checkbox", key: "race_native_hawaiian", label: "Native Hawaiian or Other Pacific Islander" },
    { kind: "checkbox", key: "race_white", label: "White" },
  ],
};
