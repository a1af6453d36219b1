import { useCallback, useState } from 'react';
import { toast } from './use-toast.js';

const KEY = 'likedEntries';

function readLiked(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch (error) {
    console.warn('Could not read liked entries', error);
    return [];
  }
}

/** Favourites (the spec's likes) are kept on this device only (localStorage likedEntries) and never sent anywhere. */
export function useLikedEntries() {
  const [liked, setLiked] = useState<number[]>(readLiked);

  const toggleLike = useCallback((entryId: number) => {
    const wasLiked = readLiked().includes(entryId);
    const next = wasLiked ? readLiked().filter((id) => id !== entryId) : [...readLiked(), entryId];
    try {
      localStorage.setItem(KEY, JSON.stringify(next));
    } catch (error) {
      console.warn('Could not save liked entries', error);
    }
    setLiked(next);
    // The spec's toasts, and plainly where a favourite is kept: here only, nobody is told.
    toast(
      wasLiked
        ? { title: 'Removed', description: 'Reflection removed from your favorites.' }
        : {
            title: 'Added to Favorites',
            description: 'Kept on this device only; it is not sent to anyone.',
          },
    );
  }, []);

  return { isLiked: (entryId: number) => liked.includes(entryId), toggleLike };
}
