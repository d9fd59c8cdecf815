import { useCallback, useState } from "react";
import { showErrorToast, thisScreen } from "../../components/toasts";
import { ApiError } from "../../lib/api-client";

/**
 * Runs an auth call with a pending flag; a refusal becomes an error toast with the card's label
 * (spec §8, e.g. "Login Card Error") unless `onRefused` handles it and returns true. The toast
 * belongs to the card: it closes when the applicant moves on to another screen.
 */
export function useAuthCall() {
  const [pending, setPending] = useState(false);
  const run = useCallback(
    async <T>(errorLabel: string, call: () => Promise<T>, onRefused?: (error: ApiError) => boolean) => {
      setPending(true);
      try {
        return { ok: true as const, value: await call() };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (!onRefused?.(error)) showErrorToast(errorLabel, error.message, { screen: thisScreen() });
        return { ok: false as const, error };
      } finally {
        setPending(false);
      }
    },
    [],
  );
  return { pending, run };
}

/** The error text that describes `field` (its `.field__error` elements), as it is read. */
export function errorTextOf(field: HTMLElement): string {
  return (field.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .map((id) => (id ? document.getElementById(id) : null))
    .filter((element) => element?.classList.contains("field__error"))
    .map((element) => element?.textContent?.trim() ?? "")
    .filter((text) => text !== "")
    .join(" ");
}

/**
 * After a blocked submit, puts the keyboard where the first problem is; moving there reads its
 * error. When the keyboard is there already (Enter pressed in that field), nothing moves and nothing
 * would be heard: `announce` says the error instead (issue 37).
 */
export function focusFirstInvalid(form: HTMLFormElement | null, announce?: (text: string) => void): void {
  requestAnimationFrame(() => {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    if (invalid === document.activeElement) announce?.(errorTextOf(invalid));
    else invalid.focus();
  });
}
