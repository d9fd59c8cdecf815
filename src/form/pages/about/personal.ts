import type { Section } from "../../catalogue-types";
import { US_PHONE_PATTERN } from "../../engine/patterns";
import { whenEquals, whenYes, yesNoQuestion } from "../rule-builders";

export const applicationSection: Section = {
  id: "application",
  title: "Your application",
  questions: [
    {
      kind: "radio",
      key: "app_type",
      label: "How do you wish to apply?",
      // Spec §3 codes: 1 transfer, 3 second degree, 4 accelerated.
      options: {
        options: [
          { value: "1", label: "Transfer" },
          { value: "3", label: "Second Degree" },
          { value: "4", label: "Accelerated" },
        ],
      },
      checks: [{ type: "required" }],
    },
  ],
};

export const nameSection: Section = {
  id: "personal",
  title: "Your name",
  description: "Enter your name exactly as it appears on your passport or other official documents.",
  questions: [
    {
      kind: "text",
      key: "first_name",
      label: "Legal First Name",
      autoComplete: "given-name",
      checks: [{ type: "required" }],
    },
    { kind: "text", key: "middle_name", label: "Middle Name", autoComplete: "additional-name" },
    {
      kind: "text",
      key: "last_name",
      label: "Last Name",
      autoComplete: "family-name",
      checks: [{ type: "required" }],
    },
    {
      kind: "text",
      key: "preferred_name",
      label: "Preferred Name",
      description:
        "The name you would like us to use when we talk with you, if it differs from your legal name.",
      autoComplete: "nickname",
    },
    yesNoQuestion("other_name", "Have any of your school records been issued under a different name?"),
    // A former name: no autocomplete token, which would fill in the current name.
    { kind: "text", key: "other_first_name", label: "Other First Name", visibleWhen: whenYes("other_name") },
    {
      kind: "text",
      key: "other_middle_name",
      label: "Other Middle Name",
      visibleWhen: whenYes("other_name"),
    },
    { kind: "text", key: "other_last_name", label: "Other Last Name", visibleWhen: whenYes("other_name") },
  ],
};

export const identitySection: Section = {
  id: "identity",
  title: "About you",
  questions: [
    {
      kind: "date",
      key: "birth_date",
      label: "Date of Birth",
      autoComplete: "bday",
      checks: [{ type: "custom", check: "birthDate" }],
    },
    { kind: "select", key: "personal_pronoun", label: "Personal Pronouns", options: { list: "pronouns" } },
    {
      kind: "text",
      key: "personal_pronoun_other",
      label: "Please tell us your pronouns",
      visibleWhen: whenEquals("personal_pronoun", "other"),
    },
    {
      kind: "radio",
      key: "gender",
      label: "Gender",
      options: { list: "genders" },
      checks: [{ type: "required" }],
    },
    {
      kind: "select",
      key: "gender_identify",
      label: "How do you describe your gender identity?",
      options: { list: "genderIdentities" },
    },
    yesNoQuestion(
      "first_gen_college",
      "Will you be the first in your family (parents or guardians) to earn a four-year college degree?",
    ),
  ],
};

export const phoneSection: Section = {
  id: "phones",
  title: "Phone numbers",
  description: "Give us at least one number where we can reach you.",
  questions: [
    {
      kind: "phone",
      key: "phone_home",
      label: "Home Phone",
      autoComplete: "home tel-national",
      checks: [
        { type: "pattern", regex: US_PHONE_PATTERN, message: "Please enter a valid home phone number." },
        { type: "custom", check: "phonePair" },
      ],
    },
    {
      kind: "phone",
      key: "phone_mobile",
      label: "Cell Phone",
      autoComplete: "mobile tel-national",
      checks: [
        { type: "pattern", regex: US_PHONE_PATTERN, message: "Please enter a valid cell phone number." },
      ],
    },
    {
      kind: "checkbox",
      key: "optin_sms_ind",
      label: "Send me text message updates about my application.",
      description: "Message and data rates may apply.",
    },
    {
      kind: "text",
      key: "phone_international",
      label: "International Phone Number",
      description: "If you live outside the United States and Canada: your number with its country code.",
      maxLength: 25,
      inputMode: "tel",
      autoComplete: "tel",
      visibleWhen: {
        all: [
          { valueKey: "country", operator: "answered" },
          { valueKey: "country", operator: "notIn", target: ["USA", "CAN"] },
        ],
      },
    },
  ],
};
