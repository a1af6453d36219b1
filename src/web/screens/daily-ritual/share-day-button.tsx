import { Share2 } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { type DayShare, dayShare, storyImageHref } from '#shared/shared-day';
import { stanzaReference } from '#shared/stanza-heading';
import { useGathaInfo } from '../../api/thoughts.js';
import { useEarlyTap } from '../../app/use-early-tap.js';
import { lazyPart } from '../../components/lazy-part.js';
import { Button } from '../../components/ui/button.js';

// Only a device without a share sheet needs the app's own menu, so only such a device loads it,
// as soon as the button shows: a tap on a slow connection then opens it at once.
const loadShareDaySheet = () => import('./share-day-sheet.js');
const ShareDaySheet = lazyPart(async () => (await loadShareDaySheet()).ShareDaySheet);

/**
 * How long the story image may take before the day is shared without it: the share sheet must
 * open within the few seconds a tap lets a page do so (its transient activation).
 */
const STORY_IMAGE_WAIT_MS = 2_500;

/** The day's story image as a file a share sheet can carry, or null when it cannot. */
async function storyImageFile(day: number): Promise<File | null> {
  const name = `threefold-path-day-${day}.png`;
  const probe = new File([], name, { type: 'image/png' });
  if (!navigator.canShare?.({ files: [probe] })) return null;
  try {
    const response = await fetch(storyImageHref(day), {
      signal: AbortSignal.timeout(STORY_IMAGE_WAIT_MS),
    });
    if (!response.ok) return null;
    const file = new File([await response.blob()], name, { type: 'image/png' });
    return navigator.canShare({ files: [file] }) ? file : null;
  } catch {
    return null;
  }
}

/** Opens the system's share sheet; false when there is none or it refused what was given. */
async function shareWithSystem(day: number, share: DayShare): Promise<boolean> {
  if (typeof navigator.share !== 'function') return false;
  const image = await storyImageFile(day);
  try {
    await navigator.share(image ? { ...share, files: [image] } : share);
    return true;
  } catch (error) {
    // The reader closed the sheet: nothing to say.
    return error instanceof DOMException && error.name === 'AbortError';
  }
}

/**
 * Shares the day's public page (docs/product.md#sharing-and-visitors) through the system's share
 * sheet, or else the app's own: copy the link, download the image. The reader's reflection is
 * never part of it.
 */
export function ShareDayButton({ day }: { day: number }) {
  const { data: info } = useGathaInfo(day);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetWanted, setSheetWanted] = useState(false);
  useEffect(() => {
    if (typeof navigator.share !== 'function') void loadShareDaySheet().catch(() => undefined);
  }, []);

  const share = async () => {
    const reference = info ? stanzaReference(day, info) : null;
    if (await shareWithSystem(day, dayShare(day, reference, window.location.origin))) return;
    setSheetWanted(true);
    setSheetOpen(true);
  };

  // A tap made before the server-rendered page was live shares now. Where the system's sheet
  // no longer takes it (the tap's moment has passed), the app's own sheet opens instead.
  useEarlyTap('share-day', () => void share());

  return (
    <>
      <Button variant="outline" size="lg" onClick={() => void share()} data-early-tap="share-day">
        <Share2 aria-hidden="true" /> Share
      </Button>
      {sheetWanted && (
        <Suspense fallback={null}>
          <ShareDaySheet day={day} open={sheetOpen} onOpenChange={setSheetOpen} />
        </Suspense>
      )}
    </>
  );
}
