// React Aria's combo box hides everything but its input and list from assistive technology while
// the list is open (useComboBox calls ariaHideOutside with aria-hidden, not inert): its list is
// portalled to the end of <body>, and hiding the rest was how a screen reader user was kept
// between the two. The page stays usable around a non-modal list, though: its links and fields
// stay focusable under aria-hidden (axe's aria-hidden-focus, WCAG 4.1.2, issue 37), and Tab leaves
// the input for content that a screen reader is told is not there. So while one of our lists is
// open the app's root is marked as a "top layer", which ariaHideOutside leaves alone (as it does
// toasts), and the list itself is rendered right after its input, where reading order finds it.

const TOP_LAYER = "data-react-aria-top-layer";
let open = 0;

/** A combo box's list opened (`true`) or closed: the page around it stays visible meanwhile. */
export function keepPageVisible(isOpen: boolean): void {
  const root = document.getElementById("root");
  open = Math.max(0, open + (isOpen ? 1 : -1));
  if (!root) return;
  if (open > 0) root.setAttribute(TOP_LAYER, "");
  else root.removeAttribute(TOP_LAYER);
}
