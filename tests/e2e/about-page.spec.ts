import { deviceKeyval, expectStoredOnDevice } from "./device-store";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { holdRoute } from "./held-route";
import {
  checkBox,
  chooseOption,
  chooseRadio,
  radioGroup,
  region,
  select,
  selectButton,
  typeInto,
} from "./keyboard";
import { signIn, signInValidating } from "./session";

// Browser journeys through About You, driven the way an applicant would: by label and role, and in
// the first journey by the keyboard alone.

test("an applicant fills the whole About You page with the keyboard alone, and it survives a reload", async ({
  page,
}) => {
  // A long journey (a whole page by keyboard, then a reload): three times the usual budget.
  test.slow();
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();

  await chooseRadio(page, radioGroup(page, "How do you wish to apply?"), "Transfer");

  const name = region(page, "Your name");
  await typeInto(page, name.getByRole("textbox", { name: "Legal First Name", exact: true }), "Ada");
  await typeInto(page, name.getByRole("textbox", { name: "Middle Name", exact: true }), "King");
  await typeInto(page, name.getByRole("textbox", { name: "Last Name", exact: true }), "Lovelace");
  await typeInto(page, name.getByRole("textbox", { name: "Preferred Name", exact: true }), "Addie");
  await chooseRadio(page, radioGroup(name, "issued under a different name"), "Yes");
  await typeInto(page, name.getByRole("textbox", { name: "Other First Name", exact: true }), "Augusta");
  await typeInto(page, name.getByRole("textbox", { name: "Other Middle Name", exact: true }), "Ada");
  await typeInto(page, name.getByRole("textbox", { name: "Other Last Name", exact: true }), "Byron");

  const about = region(page, "About you");
  const birthDate = about.getByRole("group", { name: "Date of Birth" });
  await typeInto(page, birthDate.getByRole("spinbutton").first(), "12101999");
  await chooseOption(page, selectButton(about, "Personal Pronouns"), "She", "She/Her");
  await chooseRadio(page, radioGroup(about, "Gender"), "Female");
  await chooseOption(page, selectButton(about, "gender identity"), "Woman");
  await chooseRadio(page, radioGroup(about, "first in your family"), "Yes");

  const home = region(page, "Permanent address");
  await chooseOption(page, selectButton(home, "Country"), "United States");
  await typeInto(page, home.getByRole("combobox", { name: "Address" }), "100 College Avenue");
  await typeInto(page, home.getByRole("textbox", { name: "Address Line 2", exact: true }), "Apt 4");
  await typeInto(page, home.getByRole("textbox", { name: "City", exact: true }), "Philadelphia");
  await chooseOption(page, selectButton(home, "State/Province"), "Pennsylvania");
  await typeInto(page, home.getByRole("textbox", { name: "ZIP/Postal Code", exact: true }), "19104");
  await checkBox(page, home.getByRole("checkbox", { name: /mailing address is the same/ }));

  const phones = region(page, "Phone numbers");
  await typeInto(page, phones.getByRole("textbox", { name: "Home Phone", exact: true }), "2155550123");
  await typeInto(page, phones.getByRole("textbox", { name: "Cell Phone", exact: true }), "2155550199");
  await checkBox(page, phones.getByRole("checkbox", { name: /text message updates/ }));

  await chooseRadio(page, radioGroup(page, "may we contact"), "Parent 1/Guardian 1");
  const parent1 = region(page, "Parent 1/Guardian 1");
  await chooseOption(page, selectButton(parent1, "Relationship to You"), "Mother");
  await typeInto(page, parent1.getByRole("textbox", { name: "First Name", exact: true }), "Anne");
  await typeInto(page, parent1.getByRole("textbox", { name: "Last Name", exact: true }), "Byron");
  await typeInto(
    page,
    parent1.getByRole("textbox", { name: "Email Address", exact: true }),
    "anne@example.com",
  );
  await typeInto(page, parent1.getByRole("textbox", { name: "Phone Number", exact: true }), "2155550111");
  await chooseRadio(page, radioGroup(parent1, "Phone Type"), "Cell");
  await chooseOption(page, selectButton(parent1, "Highest Level of Education"), "Bach", "Bachelor's degree");
  await checkBox(page, parent1.getByRole("checkbox", { name: /lives at my permanent address/ }));

  const parent2 = region(page, "Parent 2/Guardian 2");
  await chooseOption(page, selectButton(parent2, "Relationship to You"), "Father");
  await typeInto(page, parent2.getByRole("textbox", { name: "First Name", exact: true }), "George");
  await typeInto(page, parent2.getByRole("textbox", { name: "Last Name", exact: true }), "Byron");
  await chooseOption(page, selectButton(parent2, "Highest Level of Education"), "Mast", "Master's degree");
  await checkBox(page, parent2.getByRole("checkbox", { name: /lives at my permanent address/ }));

  await chooseRadio(page, radioGroup(page, "citizenship status"), "U.S. citizen");
  await chooseOption(page, selectButton(page, "first language"), "Engl", "English");
  await chooseRadio(page, radioGroup(page, "Ethnicity"), "Not Hispanic or Latino");
  await checkBox(page, page.getByRole("checkbox", { name: "Asian" }));
  await checkBox(page, page.getByRole("checkbox", { name: "White" }));

  const plans = region(page, "Connections and plans");
  await chooseRadio(page, radioGroup(plans, "an employee of"), "No");
  await chooseRadio(page, radioGroup(plans, "Phi Theta Kappa"), "No");
  await chooseRadio(page, radioGroup(plans, "live on campus"), "Yes");
  await chooseOption(page, selectButton(plans, "Religious Affiliation"), "Agn", "Agnostic");
  await chooseRadio(page, radioGroup(plans, "Tuition Assistance Program"), "No");
  await chooseRadio(page, radioGroup(plans, "SAGE"), "No");
  await chooseRadio(page, radioGroup(plans, "Tuition Exchange"), "No");
  await chooseRadio(page, radioGroup(plans, "financial aid"), "Yes");
  await chooseOption(page, selectButton(plans, "How did you hear"), "College f", "College fair");

  const military = region(page, "Military service");
  await chooseRadio(page, radioGroup(military, "ROTC"), "No");
  await chooseRadio(page, radioGroup(military, "currently serving"), "No");
  await chooseRadio(page, radioGroup(military, "previously served"), "No");
  await chooseRadio(page, radioGroup(military, "spouse or dependent"), "No");
  await chooseRadio(page, radioGroup(military, "GI Bill"), "No");

  await chooseRadio(page, radioGroup(page, "attended Northbridge"), "Yes");
  await chooseOption(page, selectButton(page, "family connection"), "Both");
  const family = region(page, "Family members");
  await chooseOption(page, selectButton(family, "Relationship to You"), "Sib", "Sibling");
  await typeInto(page, family.getByRole("textbox", { name: "First Name", exact: true }), "Charlotte");
  await typeInto(page, family.getByRole("textbox", { name: "Last Name", exact: true }), "Lovelace");
  await chooseOption(page, selectButton(family, "Graduation Year"), "2015");

  // Formatted as typed.
  await expect(phones.getByRole("textbox", { name: "Home Phone", exact: true })).toHaveValue(
    "(215) 555-0123",
  );
  await expectNoAxeViolations(page);

  // Local writes commit in order: once the last answers are on the device, every one is.
  await expectStoredOnDevice(page, {
    legacy_first_name: "Charlotte",
    legacy_last_name: "Lovelace",
    legacy_grad_year: "2015",
  });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Transfer" })).toBeChecked();
  await expect(name.getByRole("textbox", { name: "Legal First Name", exact: true })).toHaveValue("Ada");
  await expect(name.getByRole("textbox", { name: "Middle Name", exact: true })).toHaveValue("King");
  await expect(name.getByRole("textbox", { name: "Last Name", exact: true })).toHaveValue("Lovelace");
  await expect(name.getByRole("textbox", { name: "Preferred Name", exact: true })).toHaveValue("Addie");
  await expect(name.getByRole("textbox", { name: "Other Last Name", exact: true })).toHaveValue("Byron");
  await expect(birthDate).toContainText("12/10/1999");
  await expect(selectButton(about, "Personal Pronouns")).toContainText("She/Her");
  await expect(radioGroup(about, "Gender").getByRole("radio", { name: "Female" })).toBeChecked();
  await expect(selectButton(about, "gender identity")).toContainText("Woman");
  await expect(selectButton(home, "Country")).toContainText("United States");
  await expect(home.getByRole("combobox", { name: "Address" })).toHaveValue("100 College Avenue");
  await expect(home.getByRole("textbox", { name: "Address Line 2", exact: true })).toHaveValue("Apt 4");
  await expect(home.getByRole("textbox", { name: "City", exact: true })).toHaveValue("Philadelphia");
  await expect(selectButton(home, "State/Province")).toContainText("Pennsylvania");
  await expect(home.getByRole("textbox", { name: "ZIP/Postal Code", exact: true })).toHaveValue("19104");
  await expect(home.getByRole("checkbox", { name: /mailing address is the same/ })).toBeChecked();
  await expect(parent1.getByRole("checkbox", { name: /lives at my permanent address/ })).toBeChecked();
  await expect(phones.getByRole("textbox", { name: "Home Phone", exact: true })).toHaveValue(
    "(215) 555-0123",
  );
  await expect(phones.getByRole("textbox", { name: "Cell Phone", exact: true })).toHaveValue(
    "(215) 555-0199",
  );
  await expect(phones.getByRole("checkbox", { name: /text message updates/ })).toBeChecked();
  await expect(parent1.getByRole("textbox", { name: "Email Address", exact: true })).toHaveValue(
    "anne@example.com",
  );
  await expect(parent1.getByRole("textbox", { name: "Phone Number", exact: true })).toHaveValue(
    "(215) 555-0111",
  );
  await expect(radioGroup(parent1, "Phone Type").getByRole("radio", { name: "Cell" })).toBeChecked();
  await expect(selectButton(parent1, "Highest Level of Education")).toContainText("Bachelor's degree");
  await expect(selectButton(parent2, "Highest Level of Education")).toContainText("Master's degree");
  await expect(page.getByRole("radio", { name: "U.S. citizen" })).toBeChecked();
  await expect(selectButton(page, "first language")).toContainText("English");
  await expect(page.getByRole("radio", { name: "Not Hispanic or Latino" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Asian" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "White" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Black or African American" })).not.toBeChecked();
  await expect(selectButton(plans, "How did you hear")).toContainText("College fair");
  await expect(radioGroup(military, "previously served").getByRole("radio", { name: "No" })).toBeChecked();
  await expect(selectButton(family, "Graduation Year")).toContainText("2015");
  await expect(family.getByRole("textbox", { name: "First Name", exact: true })).toHaveValue("Charlotte");
});

test("phone numbers are formatted as they are typed; a bad one is flagged when left once validating, never before the first Submit", async ({
  page,
}) => {
  await page.goto("/about");
  const home = page.getByRole("textbox", { name: "Home Phone", exact: true });
  await home.click();
  await page.keyboard.type("2155550123");
  await expect(home).toHaveValue("(215) 555-0123");

  // Before the first Submit the applicant fills the form in peace (spec §4, decision 0015).
  await home.fill("");
  await page.keyboard.type("1155550123");
  await expect(home).toHaveValue("(115) 555-0123");
  await page.keyboard.press("Tab");
  await expect(home).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Please enter a valid home phone number.")).toHaveCount(0);

  // Once validating, a wrong number is flagged as the field is left (that a new error waits until
  // then while typing is field-errors.test.ts's).
  await signInValidating(page);
  await page.goto("/about");
  // The page knows it is validating once its summary shows (the profile has loaded).
  await expect(page.getByRole("heading", { name: "We're missing some information!" })).toBeVisible();
  const phone = page.getByRole("textbox", { name: "Home Phone", exact: true });
  // Emptied first: what was typed before signing in may have joined the account.
  await phone.fill("");
  await page.keyboard.type("1155550123");
  await expect(phone).toHaveValue("(115) 555-0123");
  await page.keyboard.press("Tab");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/Please enter a valid home phone number\./);

  // Fixed: the error goes as soon as the number is valid.
  await phone.fill("(215) 555-0123");
  await expect(phone).not.toHaveAttribute("aria-invalid", "true");
});

test("a hidden section clears its answers", async ({ page }) => {
  await page.goto("/about");
  const sameAddress = page.getByRole("checkbox", { name: /mailing address is the same/ });
  const mailing = region(page, "Mailing address");
  await mailing.getByRole("textbox", { name: "City", exact: true }).fill("Boston");

  await select(sameAddress);
  await expect(sameAddress).toBeChecked();
  await expect(mailing).toHaveCount(0);
  // Unticked again (focus and Space, as `select` ticks it).
  await sameAddress.focus();
  await sameAddress.press("Space");
  await expect(sameAddress).not.toBeChecked();
  await expect(mailing.getByRole("textbox", { name: "City", exact: true })).toHaveValue("");

  // Cleared in storage too, not only on screen: once the device holds the last choice, a reload
  // shows what it stored (a reload while that write is in flight could cut it short).
  await expectStoredOnDevice(page, { mailing_addr_same_as_perm_addr: "false", mailing_city: "" });
  await page.reload();
  await expect(mailing.getByRole("textbox", { name: "City", exact: true })).toHaveValue("");
});

test("About You has no axe violations when empty, filled, and showing errors", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "About You" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("textbox", { name: "Legal First Name", exact: true }).fill("Ada");
  await select(page.getByRole("radio", { name: "Transfer" }));
  await page.getByRole("group", { name: "Date of Birth" }).getByRole("spinbutton").first().click();
  await page.keyboard.type("12101999");
  await selectButton(page, "Personal Pronouns").click();
  await page.getByRole("option", { name: "They/Them" }).click();
  await select(page.getByRole("checkbox", { name: /mailing address is the same/ }));
  await select(page.getByRole("checkbox", { name: "Asian" }));
  await expectNoAxeViolations(page);

  // Errors show once the application is validating (after a first Submit): every required one,
  // the summary, and a field's own as it is left.
  await signInValidating(page);
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "We're missing some information!" })).toBeVisible();
  const cell = page.getByRole("textbox", { name: "Cell Phone", exact: true });
  await cell.fill("(115) 555-0123");
  await cell.blur();
  await expect(cell).toHaveAccessibleDescription(/Please enter a valid cell phone number\./);
  // A required answer never given (the first name typed above joined the account at sign-in).
  await expect(
    region(page, "Your name").getByRole("textbox", { name: "Last Name", exact: true }),
  ).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
});

test("a link to /about#last_name focuses the Last Name field", async ({ page }) => {
  await page.goto("/about#last_name");
  await expect(
    region(page, "Your name").getByRole("textbox", { name: "Last Name", exact: true }),
  ).toBeFocused();
});

test("a link to a select's question focuses it on a first visit, though its code loads after the first screen", async ({
  page,
}) => {
  // The selects' code (question-parts.ts) arrives only once the rest of the page is there.
  const selectsCode = await holdRoute(page, "**/assets/collection-questions-*.js");
  await page.goto("/about#personal_pronoun", { waitUntil: "commit" });
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toBeVisible();
  await expect(selectButton(page, "Personal Pronouns")).toHaveCount(0);
  await selectsCode.release();
  await expect(selectButton(page, "Personal Pronouns")).toBeFocused();
});

test("the questions far below the first screen render as the applicant scrolls down to them, and a choice made there is kept", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 740 });
  /** Scrolls down until the military service region's ROTC question is there (issue 34: on need). */
  const rotc = async () => {
    const group = radioGroup(region(page, "Military service"), "ROTC");
    await expect(async () => {
      await page.mouse.wheel(0, 1_500);
      await expect(group).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    return group;
  };
  await page.goto("/about");
  await expect(page.getByRole("textbox", { name: "Legal First Name" })).toBeVisible();
  await (await rotc()).getByText("No", { exact: true }).click();
  await expect((await rotc()).getByRole("radio", { name: "No" })).toBeChecked();
  await expectStoredOnDevice(page, { rotc: "N" });
  await page.reload();
  await expect((await rotc()).getByRole("radio", { name: "No" })).toBeChecked();
  // The page's end comes once every question is there.
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("a US ZIP fills the empty city and state", async ({ page }) => {
  await page.goto("/about");
  const home = region(page, "Permanent address");
  await selectButton(home, "Country").click();
  await page.getByRole("option", { name: "United States" }).click();
  await home.getByRole("textbox", { name: "ZIP/Postal Code", exact: true }).fill("10001");
  await expect(home.getByRole("textbox", { name: "City", exact: true })).toHaveValue("New York");
  await expect(selectButton(home, "State/Province")).toContainText("New York");
});

test("a US ZIP whose city differs from the address's is offered, and taking the offer fills it", async ({
  page,
}) => {
  await page.goto("/about");
  const home = region(page, "Permanent address");
  const city = home.getByRole("textbox", { name: "City", exact: true });
  const zip = home.getByRole("textbox", { name: "ZIP/Postal Code", exact: true });
  // The ZIP is asked once a country is chosen.
  await selectButton(home, "Country").click();
  await page.getByRole("option", { name: "United States" }).click();
  await city.fill("Boston");
  // The lookup's code loads with the first full ZIP (issue 34): the offer waits for it.
  await zip.fill("10001");
  await expect(home.getByText("ZIP code 10001 is in New York, NY")).toBeVisible();
  await expect(city).toHaveValue("Boston");
  await expectNoAxeViolations(page);
  await home.getByRole("button", { name: "Use New York, NY" }).click();
  await expect(city).toHaveValue("New York");
  await expect(selectButton(home, "State/Province")).toContainText("New York");
  await expect(zip).toBeFocused();
});

test("a signed-in applicant adds family members up to the limit, and the blocks stay after a reload", async ({
  page,
}) => {
  const username = await signIn(page);
  await page.goto("/about");
  await select(radioGroup(page, "attended Northbridge").getByRole("radio", { name: "Yes" }));
  const family = region(page, "Family members");
  const addAnother = family.getByRole("button", { name: "Add another family member" });
  // One block to start with, without a numbered heading.
  await expect(family.getByRole("textbox", { name: "First Name", exact: true })).toHaveCount(1);

  await addAnother.click();
  await expect(family.getByRole("heading", { name: "Family members 2" })).toBeFocused();
  await expect(family.getByRole("textbox", { name: "First Name", exact: true })).toHaveCount(2);
  await family.getByRole("textbox", { name: "First Name", exact: true }).nth(1).fill("Charlotte");

  await addAnother.click();
  await addAnother.click();
  await expect(family.getByRole("heading", { name: "Family members 4" })).toBeVisible();
  // Four is this section's limit: the button goes.
  await expect(addAnother).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The reload must not cut the last local writes short: the name and the block count.
  await expectStoredOnDevice(page, { legacy_2_first_name: "Charlotte" }, username);
  await expect.poll(() => deviceKeyval(page, `add-another:${username}:legacy`)).toBe(4);
  await page.reload();
  await expect(family.getByRole("textbox", { name: "First Name", exact: true })).toHaveCount(4);
  await expect(family.getByRole("textbox", { name: "First Name", exact: true }).nth(1)).toHaveValue(
    "Charlotte",
  );
});
