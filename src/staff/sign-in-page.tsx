import { useState } from "react";
import { Button, FieldError, Input, Label, Text, TextField } from "react-aria-components";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { PendingButton } from "../components/pending-button";
import { EmailField, PasswordField } from "../features/auth/auth-fields";
import { ApiError } from "../lib/api-client";
import { AUTH_MESSAGES, isValidEmail, normalizeEmail } from "../shared/auth-rules";
import { STAFF_MESSAGES, STAFF_PATHS } from "../shared/staff";
import { staffApi } from "./staff-api";
import { StaffCard } from "./staff-card";

/** Where to go once signed in: a page of the staff app only (never another site). */
function nextPath(next: string | null): string {
  return next?.startsWith(`${STAFF_PATHS.list}`) && !next.startsWith("//") ? next : STAFF_PATHS.list;
}

const failureOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));
/** The code step's refusals that end the sign-in: back to the password. */
const ENDED = new Set<string>([STAFF_MESSAGES.signInExpired, STAFF_MESSAGES.tooManyCodes]);

/** Signing in: the password, then the 6-digit code the server mails (decision 0022). */
export function SignInPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { state } = useLocation();
  const notice = (state as { notice?: string } | null)?.notice;
  const [step, setStep] = useState<"password" | "code">("password");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const emailError = checked && !isValidEmail(email) ? AUTH_MESSAGES.loginEmailInvalid : undefined;
  const passwordError = checked && password === "" ? AUTH_MESSAGES.passwordRequired : undefined;
  const codeError = checked && !/^\d{6}$/.test(code) ? STAFF_MESSAGES.codeFormat : undefined;

  async function run(work: () => Promise<void>) {
    setPending(true);
    setProblem(null);
    try {
      await work();
    } finally {
      setPending(false);
    }
  }

  async function submitPassword(event: React.FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (!isValidEmail(email) || password === "") return;
    await run(async () => {
      try {
        const { message } = await staffApi.signIn(normalizeEmail(email), password);
        setSent(message);
        setChecked(false);
        setCode("");
        setStep("code");
      } catch (error) {
        setProblem(failureOf(error));
      }
    });
  }

  async function submitCode(event: React.FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (!/^\d{6}$/.test(code)) return;
    await run(async () => {
      try {
        await staffApi.verifyCode(code);
        navigate(nextPath(search.get("next")), { replace: true });
      } catch (error) {
        const message = failureOf(error);
        if (ENDED.has(message)) restart();
        setProblem(message);
      }
    });
  }

  function restart() {
    setStep("password");
    setSent(null);
    setPassword("");
    setChecked(false);
  }

  return (
    <StaffCard title="Sign in to review applications">
      {notice && step === "password" ? <p className="alert alert--info">{notice}</p> : null}
      {problem ? (
        <p role="alert" className="alert alert--error">
          {problem}
        </p>
      ) : null}
      {step === "password" ? (
        <form className="auth-form" onSubmit={submitPassword} noValidate>
          <EmailField value={email} onChange={setEmail} error={emailError} autoFocus />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={passwordError}
          />
          <PendingButton type="submit" className="button button--primary" isPending={pending}>
            Continue
          </PendingButton>
        </form>
      ) : (
        <form className="auth-form" onSubmit={submitCode} noValidate>
          <p role="status" className="alert alert--info">
            {sent}
          </p>
          <TextField
            className="field"
            name="code"
            autoComplete="one-time-code"
            value={code}
            onChange={(next) => setCode(next.replace(/\D/g, "").slice(0, 6))}
            isInvalid={codeError !== undefined}
            isRequired
            autoFocus
          >
            <Label className="field__label">Code from the e-mail</Label>
            <Text slot="description" className="field__description">
              Sent to {normalizeEmail(email)}.
            </Text>
            <Input className="field__input field__input--code" inputMode="numeric" pattern="[0-9]*" />
            <FieldError className="field__error">{codeError}</FieldError>
          </TextField>
          <PendingButton type="submit" className="button button--primary" isPending={pending}>
            Sign in
          </PendingButton>
          <Button className="button button--secondary" onPress={restart} isDisabled={pending}>
            Start again
          </Button>
        </form>
      )}
    </StaffCard>
  );
}
