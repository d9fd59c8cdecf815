import { useEffect, useRef, useState } from "react";
import { Link } from "react-aria-components";
import { useNavigate, useSearchParams } from "react-router-dom";
import { PendingButton } from "../../components/pending-button";
import { useLanguage } from "../../i18n/use-language";
import { useAnnouncer } from "../../lib/use-announcer";
import { AUTH_MESSAGES, isStrongPassword } from "../../shared/auth-rules";
import { resetPassword } from "./auth-api";
import { AuthCard } from "./auth-card";
import { PasswordField } from "./auth-fields";
import * as m from "./auth-messages";
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
  const { t } = useLanguage();
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

  const footer = { question: m.rememberedPassword, linkText: m.signInLink, href: "/login" };
  const [beforeLink, afterLink] = m.cutAt(t, m.resetLinkIncomplete, "link");
  const [beforeName, afterName] = m.cutAt(t, m.chooseNewPasswordFor, "username");
  if (!username || !id) {
    return (
      <AuthCard title={m.resetPassword} footer={footer}>
        <p className="alert alert--error" role="alert">
          {beforeLink}
          <Link href="/forgot">{t(m.requestNewOne)}</Link>
          {afterLink}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={m.resetPassword} footer={footer}>
      <p>
        {beforeName}
        <strong>{username}</strong>
        {afterName}
      </p>
      <form ref={form} className="auth-form" onSubmit={submit} noValidate>
        <input type="hidden" name="username" autoComplete="username" value={username} />
        <PasswordField
          label={m.newPassword}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={passwordError}
          describedBy="reset-password-rules"
          autoFocus
        />
        <PasswordField
          label={m.confirmNewPassword}
          name="confirm_password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={confirmError}
        />
        <PasswordChecklist id="reset-password-rules" password={password} confirmPassword={confirm} />
        <PendingButton type="submit" className="button button--primary" isPending={pending}>
          {t(m.resetPassword)}
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
