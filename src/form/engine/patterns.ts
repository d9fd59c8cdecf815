/** Spec §5 US phone "(AAA) BBB-CCCC", area code 2–9; the empty value passes (required is separate). */
export const US_PHONE_PATTERN = "^$|^\\(([2-9]\\d{2})\\) \\d{3}-\\d{4}$";

const usPhone = new RegExp(US_PHONE_PATTERN);
/** The same pattern zod 4 uses for e-mail, without bundling zod into the form pages. */
const email =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isUsPhone(value: string): boolean {
  return usPhone.test(value);
}

export function isEmail(value: string): boolean {
  return email.test(value);
}
