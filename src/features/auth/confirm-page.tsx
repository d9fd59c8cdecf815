import { useRef, useState } from "react";
import { Button } from "react-aria-components";
import { useNavigate } from "react-router-dom";
import { PendingButton } from "../../components/pending-button";
import { showSuccessToast, thisScreen } from "../../components/toasts";
import { useLanguage } from "../../i18n/use-language";
import { useAnnouncer } from "../../lib/use-announcer";
import {
  AUTH_MESSAGES,
  confirmationCodeOf,
  isValidCode,
  isValidEmail,
  normalizeEmail,
} from "../../shared/auth-rules";
import { confirmAccount, resendConfirmation } from "./auth-api";
import { AuthCard } from "./auth-card";
import { CodeField, EmailField } from "./auth-fields";
import * as m from "./auth-messages";
import { useAuthState } from "./auth-state";
import { focusFirstInvalid, useAuthCall } from "./use-auth-call";

export function ConfirmPage() {
  const state = useAuthState();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [username, setUsername] = useState(state.username ?? "");
  const [code, setCode] = useState("");
  const [check, setCheck] = useState<"none" | "confirm" | "resend">("none");
  const { pending, run } = useAuthCall();
  const { announcer, announce } = useAnnouncer();
  const { t } = useLanguage();

  const emailError = check !== "none" && !isValidEmail(username) ? AUTH_MESSAGES.emailInvalid : undefined;
  const codeError =
    check === "confirm" && !isValidCode(confirmationCodeOf(code)) ? AUTH_MESSAGES.codeInvalid : undefined;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setCheck("confirm");
    const typed = confirmationCodeOf(code);
    if (!isValidEmail(username) || !isValidCode(typed)) return focusFirstInvalid(form.current, announce);
    const address = normalizeEmail(username);
    const result = await run("Confirm Card Error", () => confirmAccount(address, typed));
    if (result.ok) {
      navigate("/login", {
        state: {
          username: address,
          successMessage: result.value.message,
          studentAnswers: state.studentAnswers,
        },
      });
    }
  }

  async function resend() {
    setCheck("resend");
    if (!isValidEmail(username)) return focusFirstInvalid(form.current, announce);
    const result = await run("Resend Confirmation Code Error", () =>
      resendConfirmation(normalizeEmail(username)),
    );
    if (result.ok) showSuccessToast(result.value.message, { screen: thisScreen() });
  }

  return (
    <AuthCard
      title={m.confirmYourAccount}
      footer={{ question: m.alreadyConfirmed, linkText: m.signInLink, href: "/login" }}
    >
      <p>{t(m.confirmIntro)}</p>
      <form ref={form} className="auth-form" onSubmit={submit} noValidate>
        <EmailField value={username} onChange={setUsername} error={emailError} autoFocus={!state.username} />
        <CodeField value={code} onChange={setCode} error={codeError} autoFocus={Boolean(state.username)} />
        <PendingButton type="submit" className="button button--primary" isPending={pending}>
          {t(m.confirmAccount)}
        </PendingButton>
        <Button className="button button--secondary" onPress={resend} isDisabled={pending}>
          {t(m.resendCode)}
        </Button>
        {announcer}
      </form>
    </AuthCard>
  );
}
