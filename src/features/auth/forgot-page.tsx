import { useRef, useState } from "react";
import { PendingButton } from "../../components/pending-button";
import { showSuccessToast, thisScreen } from "../../components/toasts";
import { useLanguage } from "../../i18n/use-language";
import { useAnnouncer } from "../../lib/use-announcer";
import { AUTH_MESSAGES, isValidEmail, normalizeEmail } from "../../shared/auth-rules";
import { requestPasswordReset } from "./auth-api";
import { AuthCard } from "./auth-card";
import { EmailField } from "./auth-fields";
import * as m from "./auth-messages";
import { useAuthState } from "./auth-state";
import { focusFirstInvalid, useAuthCall } from "./use-auth-call";

export function ForgotPage() {
  const state = useAuthState();
  const form = useRef<HTMLFormElement>(null);
  const [username, setUsername] = useState(state.username ?? "");
  const [checked, setChecked] = useState(false);
  const { pending, run } = useAuthCall();
  const { announcer, announce } = useAnnouncer();
  const { t } = useLanguage();

  const emailError = checked && !isValidEmail(username) ? AUTH_MESSAGES.emailInvalid : undefined;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (!isValidEmail(username)) return focusFirstInvalid(form.current, announce);
    const result = await run("Forgot Password Card Error", () =>
      requestPasswordReset(normalizeEmail(username)),
    );
    if (result.ok) showSuccessToast(result.value.message, { screen: thisScreen() });
  }

  return (
    <AuthCard
      title={m.forgotPassword}
      footer={{ question: m.rememberedPassword, linkText: m.signInLink, href: "/login" }}
    >
      <p>{t(m.forgotIntro)}</p>
      <form ref={form} className="auth-form" onSubmit={submit} noValidate>
        <EmailField value={username} onChange={setUsername} error={emailError} autoFocus />
        <PendingButton type="submit" className="button button--primary" isPending={pending}>
          {t(m.sendResetLink)}
        </PendingButton>
        {announcer}
      </form>
    </AuthCard>
  );
}
