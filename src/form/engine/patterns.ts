import { z } from "zod";

/** Spec §5 US phone "(AAA) BBB-CCCC", area code 2–9; the empty value passes (required is separate). */
export const US_PHONE_PATTERN = "^$|^\\(([2-9]\\d{2})\\) \\d{3}-\\d{4}$";

const usPhone = new RegExp(US_PHONE_PATTERN);
const email = z.email();

export function isUsPhone(value: string): boolean {
  return usPhone.test(value);
}

export function isEmail(value: string): boolean {
  return email.safeParse(value).success;
}
