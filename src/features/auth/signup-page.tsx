import { useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { PendingButton } from "../../components/pending-button";
import { useLanguage } from "../../i18n/use-language";
import { useAnnouncer } from "../../lib/use-announcer";
import { AUTH_MESSAGES, isStrongPassword, isValidEmail, normalizeEmail } from "../../shared/auth-rules";
import { signUp } from "./auth-api";
import { AuthCard } from "./auth-card";
import { EmailField, PasswordField } from "./auth-fields";
import * as m from "./auth-messages";
import { useAuthState } from "./auth-state";
import { PasswordChecklist } from "./password-checklist";
import { focusFirstInvalid, useAuthCall } from "./use-auth-call";

export function SignupPage() {
  const state = useAuthState();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [username, setUsername] = useState(state.username ?? "");
  const [password, setPassword] = useState("");
  const [checked, setChecked] = useState(false);
  const { pending, run } = useAuthCall();
  const { announcer, announce } = useAnnouncer();
  const { t } = useLanguage();

  const emailError = checked && !isValidEmail(username) ? AUTH_MESSAGES.emailInvalid : undefined;
  const passwordError = checked && !isStrongPassword(password) ? AUTH_MESSAGES.passwordWeak : undefined;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (!isValidEmail(username) || !isStrongPassword(password))
      return focusFirstInvalid(form.current, announce);
    const address = normalizeEmail(username);
    const result = await run("Sign Up Card Error", () => signUp(address, password));
    if (result.ok) {
      navigate("/confirm", {
        state: {
          username: address,
          successMessage: result.value.message,
          studentAnswers: state.studentAnswers,
        },
      });
    }
  }

  return (
    <AuthCard
      title={m.createAccount}
      footer={{ question: m.alreadyHaveAccount, linkText: m.signInLink, href: "/login" }}
    >
      <p>{t(m.signupIntro)}</p>
      <form ref={form} className="auth-form" onSubmit={submit} noValidate>
        <EmailField value={username} onChange={setUsername} error={emailError} autoFocus />
        <PasswordField
          label={m.password}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={passwordError}
          describedBy="signup-password-rules"
        />
        <PasswordChecklist id="signup-password-rules" password={password} />
        <PendingButton type="submit" className="button button--primary" isPending={pending}>
          {t(m.createAccount)}
        </PendingButton>
        {announcer}
      </form>
    </AuthCard>
  );
}
