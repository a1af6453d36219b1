import { HandHeart } from 'lucide-react';
import { useAppreciation } from '../api/circles.js';
import { toast } from '../hooks/use-toast.js';
import { cn } from '../lib/cn.js';
import { Button } from './ui/button.js';

/**
 * A quiet word to the author of a reflection the reader sees: only the author learns who
 * appreciated it, and nobody sees a count (docs/product.md#appreciation).
 */
export function AppreciateButton(props: { entryId: number; appreciated: boolean; name: string }) {
  const appreciation = useAppreciation();
  const on = appreciation.isPending
    ? (appreciation.variables?.appreciated ?? props.appreciated)
    : props.appreciated;
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={on}
      disabled={appreciation.isPending}
      className={cn('gap-1.5', on && 'text-primary')}
      onClick={() =>
        appreciation.mutate(
          { id: props.entryId, appreciated: !on },
          {
            onSuccess: () =>
              toast({
                title: on ? 'Appreciation taken back' : 'Appreciated',
                description: on ? undefined : `${props.name} will see that you appreciated this.`,
              }),
            onError: () => toast({ title: 'Could not reach the server. Try again.' }),
          },
        )
      }
    >
      <HandHeart aria-hidden="true" className={cn(on && 'fill-current/20')} />
      {on ? 'Appreciated' : 'Appreciate'}
      <span className="sr-only"> reflection by {props.name}</span>
    </Button>
  );
}
