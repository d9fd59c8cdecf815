import type { Section } from "../../catalogue-types";
import { whenUnticked } from "../rule-builders";
import { addressQuestions } from "./address-questions";

export const permanentAddressSection: Section = {
  id: "permanent-address",
  title: "Permanent address",
  description: "The address where you live most of the year.",
  questions: [
    ...addressQuestions("", { tokens: "", required: true }),
    // Spec §4 confirmation checkbox: ticking it replaces the mailing address with this one.
    {
      kind: "checkbox",
      key: "mailing_addr_same_as_perm_addr",
      label: "My mailing address is the same as my permanent address",
    },
  ],
};

export const mailingAddressSection: Section = {
  id: "mailing-address",
  title: "Mailing address",
  description: "Where we should send letters and other mail.",
  visibleWhen: whenUnticked("mailing_addr_same_as_perm_addr"),
  messagePrefix: "Mailing address: ",
  questions: addressQuestions("mailing_", { tokens: "section-mailing" }),
};
