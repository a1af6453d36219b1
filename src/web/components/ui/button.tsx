import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 text-center font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline: 'border border-border bg-card hover:bg-muted',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-muted',
        // A ghost that stays quieter than the text around it until pointed at.
        subtle: 'text-muted-foreground hover:bg-muted hover:text-foreground',
        // On a muted strip, where hover:bg-muted would not show.
        quiet: 'hover:bg-card',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'min-h-10 rounded-lg px-4 py-2 text-sm max-[359px]:px-2',
        sm: 'min-h-9 rounded-md px-3 py-1.5 text-sm',
        lg: 'min-h-12 rounded-lg px-[min(1.5rem,5vw)] py-2.5 text-base',
        icon: 'h-10 w-10 rounded-lg text-sm',
        round: 'size-9 rounded-full text-sm',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : 'button';
  // The variants never override each other's classes, so only a caller's own classes need
  // merging over them (which costs the page time on its first render).
  const classes = buttonVariants({ variant, size });
  return <Component className={className ? cn(classes, className) : classes} {...props} />;
}
