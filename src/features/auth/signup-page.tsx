import { AuthCard } from "./auth-card";

export function SignupPage() {
  return (
    <AuthCard
      title="Create Account"
      footer={{ question: "Already have an account?", linkText: "Sign in", href: "/login" }}
    >
      <p>Accounts are being set up. Until then, your answers are kept safely on this device.</p>
    </AuthCard>
  );
}
