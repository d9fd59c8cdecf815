import { useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { PendingButton } from "../../components/pending-button";
import { useAnnouncer } from "../../lib/use-announcer";
import { AUTH_MESSAGES, isStrongPassword, isValidEmail, normalizeEmail } from "../../shared/auth-rules";
import { signUp } from "./auth-api";
import { AuthCard } from "./auth-card";
import { EmailField, PasswordField } from "./auth-fields";
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
      title="Create Account"
      footer={{ question: "Already have an account?", linkText: "Sign in", href: "/login" }}
    >
      <p>Create an account to save your application online, submit it and download a copy.</p>
      <form ref={form} className="auth-form" onSubmit={submit} noValidate>
        <EmailField value={username} onChange={setUsername} error={emailError} autoFocus />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={passwordError}
          describedBy="signup-password-rules"
        />
        <PasswordChecklist id="signup-password-rules" password={password} />
        <PendingButton type="submit" className="button button--primary" isPending={pending}>
          Create Account
        </PendingButton>
        {announcer}
      </form>
    </AuthCard>
  );
}
