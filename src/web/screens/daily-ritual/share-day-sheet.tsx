import { Download, Link2 } from 'lucide-react';
import { cardImageHref, publicDayHref } from '#shared/shared-day';
import { BottomSheet } from '../../components/ui/dialogs.js';
import { Button, buttonVariants } from '../../components/ui/button.js';
import { toast } from '../../hooks/use-toast.js';
import { cn } from '../../lib/cn.js';

/** The app's own share menu, for a device with no share sheet: copy the link, or the image. */
export function ShareDaySheet(props: {
  day: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { day, onOpenChange } = props;
  const link = new URL(publicDayHref(day), window.location.origin).href;

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      onOpenChange(false);
      toast({ title: 'Link copied' });
    } catch {
      // The link stays on screen to copy by hand.
      toast({ variant: 'destructive', title: 'Could not copy the link', description: link });
    }
  };

  return (
    <BottomSheet
      open={props.open}
      onOpenChange={onOpenChange}
      title={`Share Day ${day}`}
      description="Share a link to this day's stanza, or its image"
    >
      <p className="mb-4 pr-16 font-serif text-lg font-semibold">Share Day {day}</p>
      <div className="flex flex-col gap-3">
        <Button variant="outline" size="lg" onClick={() => void copyLink()}>
          <Link2 aria-hidden="true" /> Copy link
        </Button>
        <a
          href={cardImageHref(day)}
          download={`threefold-path-day-${day}.png`}
          className={cn(buttonVariants({ variant: 'outline', size: 'lg' }))}
          onClick={() => onOpenChange(false)}
        >
          <Download aria-hidden="true" /> Download image
        </a>
      </div>
    </BottomSheet>
  );
}
