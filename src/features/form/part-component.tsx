import { type ComponentType, lazy, Suspense, useState } from "react";
import type { OncePart } from "../../lib/load-part";

/**
 * A component of a part loaded apart (question-parts.ts). Rendered at once when the part is loaded
 * (the progressive render readies it first: no fallback, no layout shift); otherwise nothing shows
 * until it is. Which of the two is decided when it mounts, so a part arriving later never remounts
 * the component (and loses what is typed in it).
 */
export function partComponent<Module, Props extends object>(
  part: OncePart<Module>,
  pick: (module: Module) => ComponentType<Props>,
): ComponentType<Props> {
  const Lazy = lazy(() => part.load().then((module) => ({ default: pick(module) })));
  return function PartComponent(props: Props) {
    const [loaded] = useState(() => part.loaded());
    if (loaded) {
      const Component = pick(loaded);
      return <Component {...props} />;
    }
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
