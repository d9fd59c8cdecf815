import { useState } from "react";
import { Link } from "react-aria-components";
import { useNavigate, useSearchParams } from "react-router-dom";
import { PendingButton } from "../components/pending-button";
import { PasswordField } from "../features/auth/auth-fields";
import { PasswordChecklist } from "../features/auth/password-checklist";
import { ApiError } from "../lib/api-client";
import { AUTH_MESSAGES, isStrongPassword, PASSWORD_MATCH_RULE } from "../shared/auth-rules";
import { STAFF_MESSAGES, STAFF_PATHS } from "../shared/staff";
import { staffApi } from "./staff-api";
import { StaffCard } from "./staff-card";

/** The invitation's page: the staff member chooses a password (decision 0022). */
export function SetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const passwordError = checked && !isStrongPassword(password) ? AUTH_MESSAGES.passwordWeak : undefined;
  const confirmError =
    checked && !PASSWORD_MATCH_RULE.test(password, confirm) ? AUTH_MESSAGES.passwordsMustMatch : undefined;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (!isStrongPassword(password) || !PASSWORD_MATCH_RULE.test(password, confirm)) return;
    setPending(true);
    setProblem(null);
    try {
      const { message } = await staffApi.setPassword(token, password);
      navigate(STAFF_PATHS.signIn, { replace: true, state: { notice: message } });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
      setPending(false);
    }
  }

  if (!token) {
    return (
      <StaffCard title="Choose your password">
        <p role="alert" className="alert alert--error">
          {STAFF_MESSAGES.inviteInvalid}
        </p>
        <Link href={STAFF_PATHS.signIn}>Sign in</Link>
      </StaffCard>
    );
  }
  return (
    <StaffCard title="Choose your password">
      <p>You will sign in with this password and a code we e-mail you each time.</p>
      {problem ? (
        <p role="alert" className="alert alert--error">
          {problem}
        </p>
      ) : null}
      <form className="auth-form" onSubmit={submit} noValidate>
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={passwordError}
          describedBy="password-rules"
          autoFocus
        />
        <PasswordChecklist id="password-rules" password={password} confirmPassword={confirm} />
        <PasswordField
          label="Confirm password"
          name="confirm_password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={confirmError}
        />
        <PendingButton type="submit" className="button button--primary" isPending={pending}>
          Set password
        </PendingButton>
      </form>
    </StaffCard>
  );
}
