import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.js';
import { useSharedDay } from '../../hooks/use-shared-day.js';
import { pendingInvitePath } from '../../lib/pending-invite.js';

/** The pause between a successful sign-in or sign-up and the daily ritual. */
const REDIRECT_DELAY_MS = 100;

/**
 * Sends the newly signed-in person to the daily ritual after a short pause: to the shared day
 * they came from when they followed its invitation, else to today; or to the reading circle whose
 * invite link they came from. The sign-in guard
 * of /landing may get there first once the user is known; the timer is then cleared with the
 * unmounted screen, so the navigation happens exactly once.
 */
export function useGoToDailyRitual() {
  const navigate = useNavigate();
  const sharedDay = useSharedDay();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () =>
        void navigate(pendingInvitePath() ?? paths.dailyRitual.getHref(sharedDay), {
          replace: true,
        }),
      REDIRECT_DELAY_MS,
    );
  }, [navigate, sharedDay]);
}
