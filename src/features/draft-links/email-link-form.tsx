import { useRef, useState } from "react";
import { FieldError, Input, Label, Text, TextField } from "react-aria-components";
import { PendingButton } from "../../components/pending-button";
import { useLanguage } from "../../i18n/use-language";
import { ApiError } from "../../lib/api-client";
import { useAnnouncer } from "../../lib/use-announcer";
import { AUTH_MESSAGES, isValidEmail, normalizeEmail } from "../../shared/auth-rules";
import { GENERIC_ERROR_MESSAGE } from "../../shared/messages";
import * as m from "./continue-dialog-messages";
import { emailDraftLink } from "./draft-link-api";

/** "E-mail me this link" (optional): the server sends it; we keep no address on the device. */
export function EmailLinkForm({ token }: { token: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState("");
  const [sending, setSending] = useState(false);
  const { announcer, announce } = useAnnouncer();
  // The mail is written in the page's language; refusals are shown in it when the catalogue knows them.
  const { language, t, text } = useLanguage();

  /**
   * The keyboard goes to the field, whose error is read as it arrives; when it is there already
   * (Enter pressed in it) nothing would be heard, so the error is said (issue 37).
   */
  function showError(message: string) {
    setError(message);
    if (document.activeElement === input.current) announce(text(message));
    else input.current?.focus();
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSent("");
    if (!isValidEmail(email)) {
      showError(AUTH_MESSAGES.emailInvalid);
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      setSent((await emailDraftLink(token, normalizeEmail(email), language)).message);
    } catch (failure) {
      showError(failure instanceof ApiError ? failure.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="draft-link__email" onSubmit={submit} noValidate>
      <TextField
        className="field"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        isInvalid={error !== undefined}
      >
        <Label className="field__label">{t(m.emailMeLink)}</Label>
        <Text slot="description" className="field__description">
          {t(m.addressOnlyFor)}
        </Text>
        <div className="field__row">
          <Input
            ref={input}
            className="field__input"
            inputMode="email"
            spellCheck={false}
            autoCapitalize="none"
          />
          <PendingButton type="submit" className="button button--secondary" isPending={sending}>
            {t(m.send)}
          </PendingButton>
        </div>
        <FieldError className="field__error">{error === undefined ? error : text(error)}</FieldError>
      </TextField>
      <p role="status" className="draft-link__status">
        {sent ? text(sent) : ""}
      </p>
      {announcer}
    </form>
  );
}
