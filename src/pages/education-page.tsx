import { partner } from "../config/partner";

export function EducationPage() {
  return (
    <>
      <h1 tabIndex={-1}>Your Academics</h1>
      <p className="page-intro">
        Tell us about your intended program at {partner.name}, your high school, the colleges you have
        attended and your test scores. The questions of this step are added in the next release of the
        application.
      </p>
    </>
  );
}
