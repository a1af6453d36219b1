import { DropdownMenu } from 'radix-ui';
import type { ComponentProps } from 'react';

/** Whether the reader's last input was a key rather than a pointer, as Radix's menus tell it. */
let lastInputWasKey = false;
if (typeof document !== 'undefined') {
  document.addEventListener('keydown', () => (lastInputWasKey = true), true);
  document.addEventListener('pointerdown', () => (lastInputWasKey = false), true);
}

/**
 * A dropdown menu's content, whose first item takes the focus when the keyboard opened it.
 * Radix moves the focus there when the menu itself takes it as it opens, from the items it has
 * registered by then; with Preact they register a moment later, and the focus stays on the
 * menu. So the menu gives it to its first item itself, at once when the item is already in the
 * page (a key pressed next, such as ArrowDown, then moves on from it as it would with React),
 * else a task later if the menu still has it (docs/decisions/032-preact-renders-the-app.md).
 */
export function MenuContent({ onFocus, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Content
      {...props}
      onFocus={(event) => {
        onFocus?.(event);
        const menu = event.currentTarget;
        if (event.target !== menu || !lastInputWasKey) return;
        const focusFirstItem = () =>
          menu
            .querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')
            ?.focus({ preventScroll: true });
        focusFirstItem();
        if (document.activeElement !== menu) return;
        setTimeout(() => {
          if (document.activeElement === menu) focusFirstItem();
        });
      }}
    />
  );
}
