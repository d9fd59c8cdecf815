import { useState } from "react";
import { Button, FieldError, Input, Label, Text, TextField } from "react-aria-components";
import { useLanguage } from "../../i18n/use-language";
import * as m from "./auth-messages";

// The fields take English words (label, error) and show them in the page's language (issue 35); a
// server's message the catalogue does not know is shown as it came.

type FieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and linked to it (aria-describedby); also marks it invalid. */
  error?: string;
  autoFocus?: boolean;
};

export function EmailField({
  value,
  onChange,
  error,
  autoFocus,
  label = m.email,
}: FieldProps & { label?: string }) {
  const { t, text } = useLanguage();
  return (
    <TextField
      className="field"
      type="email"
      name="username"
      autoComplete="username"
      value={value}
      onChange={onChange}
      isInvalid={error !== undefined}
      autoFocus={autoFocus}
      isRequired
    >
      <Label className="field__label">{t(label)}</Label>
      <Input className="field__input" inputMode="email" spellCheck={false} autoCapitalize="none" />
      <FieldError className="field__error">{error === undefined ? error : text(error)}</FieldError>
    </TextField>
  );
}

type PasswordFieldProps = FieldProps & {
  label: string;
  autoComplete: "current-password" | "new-password";
  name?: string;
  /** Id of an element (the checklist) that describes the field. */
  describedBy?: string;
};

/** A password input that password managers can fill (WCAG 3.3.8), with a show/hide toggle. */
export function PasswordField({
  label,
  autoComplete,
  name = "password",
  describedBy,
  ...props
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const { t, text } = useLanguage();
  const field = t(label).toLowerCase();
  return (
    <TextField
      className="field"
      type={visible ? "text" : "password"}
      name={name}
      autoComplete={autoComplete}
      value={props.value}
      onChange={props.onChange}
      isInvalid={props.error !== undefined}
      autoFocus={props.autoFocus}
      isRequired
      aria-describedby={describedBy}
    >
      <Label className="field__label">{t(label)}</Label>
      <div className="field__row">
        <Input className="field__input" spellCheck={false} autoCapitalize="none" />
        <Button
          className="button button--secondary field__toggle"
          aria-label={t(visible ? m.hideField : m.showField, { field })}
          aria-pressed={visible}
          onPress={() => setVisible((was) => !was)}
        >
          {t(visible ? m.hide : m.show)}
        </Button>
      </div>
      <FieldError className="field__error">
        {props.error === undefined ? undefined : text(props.error)}
      </FieldError>
    </TextField>
  );
}

/**
 * The 6-digit code, kept as typed: the page reads it with `confirmationCodeOf` (a pasted or
 * autofilled code may have spaces or dashes) and refuses anything but six digits, so a seventh
 * digit is said to be wrong instead of silently dropped.
 */
export function CodeField({ value, onChange, error, autoFocus }: FieldProps) {
  const { t, text } = useLanguage();
  return (
    <TextField
      className="field"
      name="code"
      autoComplete="one-time-code"
      value={value}
      onChange={onChange}
      isInvalid={error !== undefined}
      autoFocus={autoFocus}
      isRequired
    >
      <Label className="field__label">{t(m.confirmationCode)}</Label>
      <Text slot="description" className="field__description">
        {t(m.codeHelp)}
      </Text>
      <Input className="field__input field__input--code" inputMode="numeric" pattern="[0-9]*" />
      <FieldError className="field__error">{error === undefined ? error : text(error)}</FieldError>
    </TextField>
  );
}
