import { useEffect, useState } from "react";
import { useLanguage } from "../../i18n/use-language";
import { PASSWORD_MATCH_RULE, PASSWORD_RULES } from "../../shared/auth-rules";
import * as m from "./auth-messages";

type Props = {
  id: string;
  password: string;
  /** When given, the checklist also shows "passwords must match" (reset page). */
  confirmPassword?: string;
};

/**
 * The live password requirements of spec §5: each item neutral while the password is empty, then
 * met or not met. A polite live region announces the count once typing pauses, rather than every
 * item on every keystroke.
 */
export function PasswordChecklist({ id, password, confirmPassword }: Props) {
  const rules = confirmPassword === undefined ? PASSWORD_RULES : [...PASSWORD_RULES, PASSWORD_MATCH_RULE];
  const results = rules.map((rule) => ({ rule, met: rule.test(password, confirmPassword) }));
  const metCount = results.filter((r) => r.met).length;
  const { t, text } = useLanguage();
  const announcement = useSettled(
    password ? t(m.requirementsMet, { met: metCount, total: rules.length }) : "",
    800,
  );

  return (
    <div className="checklist">
      <p className="checklist__title" id={`${id}-title`}>
        {t(m.passwordColon)}
      </p>
      <ul id={id} className="checklist__items" aria-labelledby={`${id}-title`}>
        {results.map(({ rule, met }) => {
          const state = password === "" ? "neutral" : met ? "met" : "unmet";
          return (
            <li key={rule.id} className={`checklist__item checklist__item--${state}`}>
              <span className="checklist__icon" aria-hidden="true">
                {state === "neutral" ? "○" : met ? "✓" : "✗"}
              </span>
              {text(rule.label)}
              {state === "neutral" ? null : (
                <span className="visually-hidden"> {t(met ? m.met : m.notMet)}</span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/** The value once it has stopped changing for `delayMs`. */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
