import type { Section } from "../../catalogue-types";
import { whenNo, yesNoQuestion } from "../rule-builders";
import { addressQuestions } from "./address-questions";

export const permanentAddressSection: Section = {
  id: "permanent-address",
  title: "Permanent address",
  description: "The address where you live most of the year.",
  questions: [
    ...addressQuestions("", { tokens: "", required: true }),
    yesNoQuestion(
      "mailing_addr_same_as_perm_addr",
      "Is your mailing address the same as your permanent address?",
    ),
  ],
};

export const mailingAddressSection: Section = {
  id: "mailing-address",
  title: "Mailing address",
  description: "Where we should send letters and other mail.",
  visibleWhen: whenNo("mailing_addr_same_as_perm_addr"),
  messagePrefix: "Mailing address: ",
  questions: addressQuestions("mailing_", { tokens: "section-mailing" }),
};
