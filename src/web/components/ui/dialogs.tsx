import { AlertDialog as AlertPrimitive, Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode, RefObject } from 'react';
import { cn } from '../../lib/cn.js';
import { buttonVariants } from './button.js';

const overlay = 'fixed inset-0 z-50 bg-black/50';

/** A confirmation that must be answered: title, text, Cancel and one action. */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** Where the focus goes when the dialog closes, when it was opened by no trigger of its own. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const returnFocus = props.returnFocusTo;
  return (
    <AlertPrimitive.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertPrimitive.Portal>
        <AlertPrimitive.Overlay className={overlay} />
        <AlertPrimitive.Content
          onCloseAutoFocus={
            returnFocus
              ? (event) => {
                  event.preventDefault();
                  returnFocus.current?.focus();
                }
              : undefined
          }
          className="fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-card p-6 shadow-lg"
        >
          <AlertPrimitive.Title className="font-serif text-lg font-semibold">
            {props.title}
          </AlertPrimitive.Title>
          <AlertPrimitive.Description className="text-sm text-muted-foreground">
            {props.description}
          </AlertPrimitive.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertPrimitive.Cancel className={buttonVariants({ variant: 'outline' })}>
              Cancel
            </AlertPrimitive.Cancel>
            <AlertPrimitive.Action
              className={buttonVariants({ variant: 'destructive' })}
              onClick={props.onConfirm}
            >
              {props.confirmLabel}
            </AlertPrimitive.Action>
          </div>
        </AlertPrimitive.Content>
      </AlertPrimitive.Portal>
    </AlertPrimitive.Root>
  );
}

/** A sheet that rises from the bottom of the screen. */
export function BottomSheet(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Where the focus goes as the sheet opens; without it, the sheet's first control. */
  initialFocus?: () => HTMLElement | null | undefined;
}) {
  const initialFocus = props.initialFocus;
  return (
    <DialogPrimitive.Root open={props.open} onOpenChange={props.onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlay} />
        <DialogPrimitive.Content
          onOpenAutoFocus={
            initialFocus
              ? (event) => {
                  const target = initialFocus();
                  if (!target) return;
                  event.preventDefault();
                  target.focus();
                }
              : undefined
          }
          className="fixed inset-x-0 bottom-0 z-50 mx-auto max-h-[92dvh] w-full max-w-lg overflow-y-auto rounded-t-2xl border border-border bg-card p-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] shadow-xl"
        >
          <div className="mx-auto mb-4 h-1.5 w-12 rounded-full bg-muted" aria-hidden="true" />
          <DialogPrimitive.Title className="sr-only">{props.title}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">
            {props.description ?? props.title}
          </DialogPrimitive.Description>
          {props.children}
          <DialogPrimitive.Close
            className={cn(
              buttonVariants({ variant: 'ghost', size: 'sm' }),
              'absolute right-3 top-3',
            )}
          >
            Close
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export function DialogClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close {...props} />;
}
