import { describe, expect, it } from "vitest";
import type { FormPage } from "../../form/catalogue-types";
import { aboutPage } from "../../form/pages/about";
import { pageDependencyKeys } from "./page-dependencies";

describe("the answers a page's visibility depends on", () => {
  it("are the keys its rules, groups and conditional selects read, and no others", () => {
    const keys = pageDependencyKeys(aboutPage);
    expect(keys).toEqual(
      expect.arrayContaining([
        "other_name",
        "country",
        "mailing_addr_same_as_perm_addr",
        "mailing_country",
        "parent_communication_preference",
        "parent_2_addr_same_as_stu_perm",
        "citizenship_type",
        "military_active",
        "legacy_northbridge",
      ]),
    );
    // A requirement's condition: asking for text messages makes the cell phone required.
    expect(keys).toContain("optin_sms_ind");
    // Typing a name or a phone number never re-renders the page.
    for (const key of ["first_name", "last_name", "phone_home", "city", "zip"])
      expect(keys).not.toContain(key);
  });

  it("include every block's copy of a repeated section's own rule keys", () => {
    const page: FormPage = {
      id: "about",
      title: "",
      intro: "",
      sections: [
        {
          id: "relatives",
          title: "Relatives",
          repeat: { buttonId: "r", buttonLabel: "Add another", prefixes: ["r_", "r_2_", "r_3_"] },
          questions: [
            { kind: "radio", key: "r_alive", label: "Alive?", options: { list: "yesNo" } },
            {
              kind: "text",
              key: "r_city",
              label: "City",
              visibleWhen: { valueKey: "r_alive", operator: "equals", target: "Y" },
            },
          ],
        },
      ],
    };
    expect(pageDependencyKeys(page)).toEqual(["r_2_alive", "r_3_alive", "r_alive"]);
  });
});
