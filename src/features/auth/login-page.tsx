import { AuthCard } from "./auth-card";

export function LoginPage() {
  return (
    <AuthCard
      title="Sign In"
      footer={{ question: "Don't have an account?", linkText: "Create an account", href: "/signup" }}
    >
      <p>Accounts are being set up. Until then, your answers are kept safely on this device.</p>
    </AuthCard>
  );
}
