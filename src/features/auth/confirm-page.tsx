import { AuthCard } from "./auth-card";

export function ConfirmPage() {
  return (
    <AuthCard
      title="Confirm Your Account"
      footer={{ question: "Already confirmed?", linkText: "Sign in", href: "/login" }}
    >
      <p>Accounts are being set up. Until then, your answers are kept safely on this device.</p>
    </AuthCard>
  );
}
