import { useEffect, useRef, useState } from "react";
import { Link } from "react-aria-components";
import { useNavigate, useSearchParams } from "react-router-dom";
import { PendingButton } from "../../components/pending-button";
import { useAnnouncer } from "../../lib/use-announcer";
import { AUTH_MESSAGES, isStrongPassword } from "../../shared/auth-rules";
import { resetPassword } from "./auth-api";
import { AuthCard } from "./auth-card";
import { PasswordField } from "./auth-fields";
import { PasswordChecklist } from "./password-checklist";
import { focusFirstInvalid, useAuthCall } from "./use-auth-call";

export function ResetPage() {
  const [params] = useSearchParams();
  const username = params.get("username") ?? "";
  const id = params.get("id") ?? "";
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [checked, setChecked] = useState(false);
  const { pending, run } = useAuthCall();
  const { announcer, announce } = useAnnouncer();
  useNoReferrer();

  const passwordError = checked && !isStrongPassword(password) ? AUTH_MESSAGES.passwordWeak : undefined;
  const confirmError = checked && confirm !== password ? AUTH_MESSAGES.passwordsMustMatch : undefined;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (!isStrongPassword(password) || confirm !== password) return focusFirstInvalid(form.current, announce);
    const result = await run("Reset Password Card Error", () =>
      resetPassword({ username, password, confirm_password: confirm, id }),
    );
    if (result.ok)
      navigate("/login", { replace: true, state: { username, successMessage: result.value.message } });
  }

  const footer = { question: "Remembered your password?", linkText: "Sign in", href: "/login" };
  if (!username || !id) {
    return (
      <AuthCard title="Reset Password" footer={footer}>
        <p className="alert alert--error" role="alert">
          This password reset link is incomplete. Please use the whole link from the e-mail, or{" "}
          <Link href="/forgot">request a new one</Link>.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset Password" footer={footer}>
      <p>
        Choose a new password for <strong>{username}</strong>.
      </p>
      <form ref={form} className="auth-form" onSubmit={submit} noValidate>
        <input type="hidden" name="username" autoComplete="username" value={username} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={passwordError}
          describedBy="reset-password-rules"
          autoFocus
        />
        <PasswordField
          label="Confirm new password"
          name="confirm_password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={confirmError}
        />
        <PasswordChecklist id="reset-password-rules" password={password} confirmPassword={confirm} />
        <PendingButton type="submit" className="button button--primary" isPending={pending}>
          Reset Password
        </PendingButton>
        {announcer}
      </form>
    </AuthCard>
  );
}

/**
 * The reset link's token is in the URL: no request from this page may carry it in a Referer,
 * even when the shell came from the service worker without the server's no-referrer header.
 */
function useNoReferrer(): void {
  useEffect(() => {
    const meta = document.createElement("meta");
    meta.name = "referrer";
    meta.content = "no-referrer";
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
