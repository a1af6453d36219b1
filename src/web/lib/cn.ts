import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, letting later Tailwind classes win over earlier ones: for a caller's
 * className over a component's own. Merging costs the page time (the first call builds
 * tailwind-merge's tables), so a component's own classes, which never override each other, are
 * joined with clsx alone, as the first screen's components do.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
