export function FinalStepsPage() {
  return (
    <>
      <h1 tabIndex={-1}>Final Steps</h1>
      <p className="page-intro">
        Answer a few final questions, review the recommendation waiver and certify your application. The
        questions of this step are added in the next release of the application.
      </p>
    </>
  );
}
