import { useEffect, useState } from 'react';
import { PRODUCT_NAME, PRODUCT_SUBTITLE, TAGLINE } from '#shared/constants';
import type { TodayThought } from '#shared/thought-types';

type State = { kind: 'loading' } | { kind: 'ready'; thought: TodayThought } | { kind: 'failed' };

/** Today's reading, read-only: the first page people see until the full app arrives. */
export function TodayPage() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/thoughts/today', {
      credentials: 'include',
      signal: controller.signal,
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        'X-Timezone': Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status}`);
        setState({ kind: 'ready', thought: (await response.json()) as TodayThought });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
        if (!(error instanceof DOMException)) console.warn('Could not load today’s reading', error);
      });
    return () => controller.abort();
  }, []);

  return (
    <main className="page">
      <header>
        <h1>{PRODUCT_NAME}</h1>
        <p className="subtitle">{PRODUCT_SUBTITLE}</p>
        <p className="tagline">{TAGLINE}</p>
      </header>
      {state.kind === 'loading' && <p aria-busy="true">Loading today’s reading…</p>}
      {state.kind === 'failed' && <p role="alert">Unable to load Gatha</p>}
      {state.kind === 'ready' && (
        <article>
          <h2>
            Day {state.thought.dayNumber} of {state.thought.totalDays}
          </h2>
          <blockquote>{state.thought.thought}</blockquote>
          <h3>Understanding</h3>
          {state.thought.explanation.split('\n\n').map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {state.thought.reflectionPrompt && (
            <aside>
              <h3>Key Insight</h3>
              <p>{state.thought.reflectionPrompt}</p>
            </aside>
          )}
          <p className="author">{state.thought.author}</p>
        </article>
      )}
      <footer>Good Thoughts · Good Words · Good Deeds</footer>
    </main>
  );
}
