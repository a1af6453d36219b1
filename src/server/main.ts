import { optimiseNextTick } from './next-tick-warm-up.js';

// Before any of the app's modules load (docs/decisions/033-next-tick-optimised-first.md).
await optimiseNextTick();
const { serve } = await import('./serve.js');

serve().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
