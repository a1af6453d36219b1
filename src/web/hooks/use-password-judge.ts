import { useEffect, useState } from 'react';
import { type PasswordJudge, loadPasswordJudge } from '#shared/password-strength';

let loading: Promise<PasswordJudge> | undefined;
let loaded: PasswordJudge | null = null;

function load(): Promise<PasswordJudge> {
  loading ??= loadPasswordJudge().then(
    (judge) => (loaded = judge),
    (error: unknown) => {
      // A download that failed is tried again by the next form that needs it.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The judge once it has loaded, for a form's validation rule; null until then. */
export function loadedPasswordJudge(): PasswordJudge | null {
  return loaded;
}

/**
 * The password judge, loaded when a form where a password is chosen first opens: its
 * dictionaries are large, so no other screen downloads them. Null until they are here; the
 * server judges every password regardless.
 */
export function usePasswordJudge(): PasswordJudge | null {
  const [judge, setJudge] = useState<PasswordJudge | null>(() => loaded);
  useEffect(() => {
    if (judge) return;
    let mounted = true;
    load().then(
      (ready) => mounted && setJudge(() => ready),
      (error: unknown) => console.warn('The password strength check could not load', error),
    );
    return () => {
      mounted = false;
    };
  }, [judge]);
  return judge;
}
