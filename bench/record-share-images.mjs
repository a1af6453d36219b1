// Measures the share images as `npm run bench` does (bench/share-images.mjs, on the built server)
// and puts their figures in bench/REPORT.md, keeping every other figure of the last runs: the
// images need no seeded database, so they can be measured again without the rest.
// Usage: node bench/record-share-images.mjs   (after `npm run build`)
import path from 'node:path';
import { shareImageFigures, shareImageSummary } from './share-images.mjs';
import { writeFormatted, writeReport } from './write-report.mjs';

const benchDir = path.dirname(new URL(import.meta.url).pathname);
const resultsDir = path.join(benchDir, 'results');

const figures = await shareImageFigures({ duration: 5 });
for (const line of shareImageSummary(figures)) console.log(line);
await writeFormatted(path.join(resultsDir, 'share-images.json'), JSON.stringify(figures, null, 2));
await writeReport(
  resultsDir,
  path.join(benchDir, 'REPORT.md'),
  '`node bench/record-share-images.mjs`, which measured the share images again; every other figure is from the last runs of `npm run bench`',
);
console.log('Report: bench/REPORT.md');
