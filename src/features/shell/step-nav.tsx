import { Link } from "react-aria-components";
import { useLocation } from "react-router-dom";
import { FORM_PAGES } from "../../shared/routes";

/** Horizontal step links (spec §2). They replace the history entry, so Back leaves the form. */
export function StepNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav className="step-nav" aria-label="Application steps">
      <ol>
        {FORM_PAGES.map((page, index) => {
          const current = pathname === page.path;
          return (
            <li key={page.path}>
              <Link
                href={page.path}
                routerOptions={{ replace: true }}
                className="step-nav__link"
                aria-current={current ? "step" : undefined}
                onPress={onNavigate}
              >
                <span className="step-nav__number" aria-hidden="true">
                  {index + 1}
                </span>
                <span>
                  <span className="step-nav__step">{page.step}</span>
                  <span className="step-nav__title">{page.title}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
