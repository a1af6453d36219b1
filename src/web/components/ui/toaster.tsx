import { Toast as ToastPrimitive } from 'radix-ui';
import { createPortal } from 'react-dom';
import { TOAST_DURATION_MS, dismissToast, useToasts } from '../../hooks/use-toast.js';
import { cn } from '../../lib/cn.js';
import { useToastPlace } from './toast-place.js';

/**
 * The toast area: one toast at a time (use-toast queues the rest), 5 s by default, swipe right to
 * dismiss, F8 to focus. In the signed-in app it is a place in the page's flow under the header
 * (toast-place.ts), so a toast never lies over the reading or a control; elsewhere it rises from
 * the bottom edge, and on a wide screen keeps to the margin beside the page's column (48rem).
 */
export function Toaster() {
  const toasts = useToasts();
  const place = useToastPlace();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          {...(t.duration !== undefined ? { duration: t.duration } : {})}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-8 shadow-lg max-[359px]:p-3 max-[359px]:pr-7 transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=closed]:opacity-0',
            t.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-card text-card-foreground dark:bg-muted',
          )}
        >
          <div className="grid gap-1">
            {t.title && (
              <ToastPrimitive.Title className="text-sm font-semibold">
                {t.title}
              </ToastPrimitive.Title>
            )}
            {t.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            )}
          </div>
          {t.action}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus:opacity-100 focus:outline-none focus:ring-2 focus:ring-ring"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {place ? (
        createPortal(
          <ToastPrimitive.Viewport
            data-toast-viewport=""
            className="mx-auto flex w-full max-w-3xl flex-col px-4 pb-3 empty:hidden max-[359px]:px-2"
          />,
          place,
        )
      ) : (
        <ToastPrimitive.Viewport
          data-toast-viewport=""
          className="pointer-events-none fixed right-0 z-[100] flex w-full flex-col p-4 md:max-w-[420px] xl:max-w-[max(16rem,min(420px,calc((100vw-48rem)/2)))]"
        />
      )}
    </ToastPrimitive.Provider>
  );
}
