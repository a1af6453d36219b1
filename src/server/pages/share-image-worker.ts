import { parentPort } from 'node:worker_threads';
import { type DrawingJob, drawImageFile } from './share-image-files.js';

/**
 * The thread that draws share images (docs/decisions/023-share-images-drawn-once.md): layout and
 * painting take tens of milliseconds each, which the server's own thread never spends.
 */
parentPort?.on('message', (job: DrawingJob) => {
  drawImageFile(job).then(
    () => parentPort?.postMessage({}),
    (error: unknown) => parentPort?.postMessage({ error: String(error) }),
  );
});
