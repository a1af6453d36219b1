import { Share, SquarePlus } from 'lucide-react';

/** iOS's way to install: "tap (Share) Share, then (+) Add to Home Screen", inside a sentence. */
export function ShareThenAddToHomeScreen() {
  return (
    <>
      tap <Share className="inline size-4 align-[-2px] text-primary" aria-hidden="true" />{' '}
      <span className="font-medium text-foreground">Share</span>, then{' '}
      <SquarePlus className="inline size-4 align-[-2px] text-primary" aria-hidden="true" />{' '}
      <span className="font-medium text-foreground">Add to Home Screen</span>
    </>
  );
}

/** Safari's way on a Mac (17 and later): "choose File, then Add to Dock", inside a sentence. */
export function FileThenAddToDock() {
  return (
    <>
      choose <span className="font-medium text-foreground">File</span>, then{' '}
      <span className="font-medium text-foreground">Add to Dock</span>
    </>
  );
}
