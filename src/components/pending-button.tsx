import { Button, type ButtonProps } from "react-aria-components";

/**
 * A button that shows it is busy while its action runs. Not React Aria's `isPending`: that
 * announces the button by an `aria-labelledby` reference to the button's id, which points at
 * nothing once the button is gone (the page changed, the dialog closed: axe `role-img-alt`), and
 * speaks over the action's own outcome. Here, while pending, the button keeps its focus and
 * ignores presses, and what the action leads to is what is said (decision 0016).
 */
export function PendingButton({ isPending = false, onPress, type, className, ...props }: ButtonProps) {
  return (
    <Button
      {...props}
      className={className}
      type={isPending && type === "submit" ? "button" : type}
      onPress={isPending ? undefined : onPress}
      aria-disabled={isPending || undefined}
      data-busy={isPending || undefined}
    />
  );
}
