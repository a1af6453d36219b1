import { type DrawingJob, drawImageFile } from './share-image-files.js';

/**
 * The process that draws share images (docs/decisions/024-share-images-drawn-once.md): layout and
 * painting take tens of milliseconds each, which the server's own thread never spends. It ends
 * with the server, whose channel closing is its cue.
 */
process.on('message', (job: DrawingJob) => {
  drawImageFile(job).then(
    () => process.send?.({}),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
