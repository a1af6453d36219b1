import { useSearchParams } from 'react-router';
import { SHARED_DAY_PARAM, sharedDayFrom } from '#shared/shared-day';

/**
 * The day a visitor came from when they followed a shared day's invitation
 * (`/landing?day=N`), or undefined. Only a day of the cycle is read, and only the daily
 * ritual's own address is built from it, so the parameter can send no one elsewhere.
 */
export function useSharedDay(): number | undefined {
  const [params] = useSearchParams();
  return sharedDayFrom(params.get(SHARED_DAY_PARAM)) ?? undefined;
}
