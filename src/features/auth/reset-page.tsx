import { AuthCard } from "./auth-card";

export function ResetPage() {
  return (
    <AuthCard
      title="Reset Password"
      footer={{ question: "Remembered your password?", linkText: "Sign in", href: "/login" }}
    >
      <p>Accounts are being set up. Until then, your answers are kept safely on this device.</p>
    </AuthCard>
  );
}
