import { useRef, useState } from "react";
import { Button, Link } from "react-aria-components";
import { useNavigate } from "react-router-dom";
import { PendingButton } from "../../components/pending-button";
import { reconcileAtSignIn } from "../../i18n/account-language";
import { useLanguage } from "../../i18n/use-language";
import { useAnnouncer } from "../../lib/use-announcer";
import { AUTH_MESSAGES, isValidEmail, normalizeEmail } from "../../shared/auth-rules";
import { DEFAULT_ROUTE } from "../../shared/routes";
import { logIn, resendConfirmation } from "./auth-api";
import { AuthCard } from "./auth-card";
import { EmailField, PasswordField } from "./auth-fields";
import * as m from "./auth-messages";
import { useAuthState } from "./auth-state";
import { focusFirstInvalid, useAuthCall } from "./use-auth-call";

export function LoginPage() {
  const state = useAuthState();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [username, setUsername] = useState(state.username ?? "");
  const [password, setPassword] = useState("");
  const [check, setCheck] = useState<"none" | "login" | "resend">("none");
  const [unconfirmed, setUnconfirmed] = useState(false);
  const { pending, run } = useAuthCall();
  const { announcer, announce } = useAnnouncer();
  const { t } = useLanguage();
  const [beforeLink, afterLink] = m.cutAt(t, m.enterCodeOrResend, "link");

  const emailOk = isValidEmail(username);
  const emailError =
    check === "none" || emailOk
      ? undefined
      : check === "resend"
        ? AUTH_MESSAGES.resendNeedsEmail
        : AUTH_MESSAGES.loginEmailInvalid;
  const passwordError = check === "login" && password === "" ? AUTH_MESSAGES.passwordRequired : undefined;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setCheck("login");
    if (!emailOk || password === "") return focusFirstInvalid(form.current, announce);
    const result = await run(
      "Login Card Error",
      () => logIn(normalizeEmail(username), password),
      (error) => {
        setUnconfirmed(error.body?.reason === "unconfirmed");
        return false;
      },
    );
    if (!result.ok) return;
    await reconcileAtSignIn(result.value.language);
    navigate(DEFAULT_ROUTE, { state: { studentAnswers: state.studentAnswers } });
  }

  async function resend() {
    setCheck("resend");
    if (!emailOk) return focusFirstInvalid(form.current, announce);
    const address = normalizeEmail(username);
    const result = await run("Resend Confirmation Code Error", () => resendConfirmation(address));
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
      title={m.signIn}
      footer={{ question: m.noAccount, linkText: m.createAnAccount, href: "/signup" }}
    >
      <form ref={form} className="auth-form" onSubmit={submit} noValidate>
        <EmailField value={username} onChange={setUsername} error={emailError} autoFocus={!state.username} />
        <PasswordField
          label={m.password}
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={passwordError}
          autoFocus={Boolean(state.username)}
        />
        <Link className="auth-form__aside" href="/forgot" routerOptions={{ state: { username } }}>
          {t(m.forgotYourPassword)}
        </Link>
        {unconfirmed ? (
          <p className="alert alert--info">
            {beforeLink}
            <Link href="/confirm" routerOptions={{ state: { username: normalizeEmail(username) } }}>
              {t(m.enterYourCode)}
            </Link>
            {afterLink}
          </p>
        ) : null}
        <PendingButton type="submit" className="button button--primary" isPending={pending}>
          {t(m.signIn)}
        </PendingButton>
        <Button className="button button--secondary" onPress={resend} isDisabled={pending}>
          {t(m.resendCode)}
        </Button>
        {announcer}
      </form>
    </AuthCard>
  );
}
