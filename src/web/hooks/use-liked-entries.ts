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

/** Likes are kept on this device only (localStorage likedEntries) and never sent anywhere. */
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
    // Said plainly: the like is kept here only, and nobody is told of it.
    toast(
      wasLiked
        ? { title: 'Like removed from this device' }
        : {
            title: 'Saved on this device',
            description: 'Only you see this like; it is not sent to anyone.',
          },
    );
  }, []);

  return { isLiked: (entryId: number) => liked.includes(entryId), toggleLike };
}
