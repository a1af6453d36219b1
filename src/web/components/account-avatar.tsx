import { initials } from '../lib/people.js';
import { readerPartMark } from '#shared/reader-page-parts';
import { useReaderPartsMarked } from '../app/reader-page.js';

/** The round initials badge that opens the account menu. */
export function AccountAvatar({ fullName }: { fullName: string }) {
  const marked = useReaderPartsMarked();
  return (
    <span className="rounded-full">
      <span className="sr-only">Account menu</span>
      <span
        aria-hidden="true"
        // Sized with the header's name: to 125% of the text size, so two letters fit the circle.
        className="flex size-9 items-center justify-center rounded-full bg-secondary text-[min(0.875rem,17px)] font-semibold text-secondary-foreground"
      >
        {marked ? readerPartMark('initials') : initials(fullName)}
      </span>
    </span>
  );
}
