import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { freePort, startReadyServer, stopServer } from '../test-support/server-processes.js';
import { createTestDatabase } from '../test-support/test-app.js';

describe('share images in the built server', () => {
  it('draws an image asked for in a process of its own, keeps it as a file and sends that file after a restart', async () => {
    const database = await createTestDatabase('sqlite');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-share-images-'));
    const env = { SHARE_IMAGES_DIR: dir, SHARE_IMAGES_DRAW_AHEAD: 'false' };
    let server = await startReadyServer({ port: await freePort(), databaseUrl: database.url, env });
    try {
      let imageAnswered = false;
      // As a crawler would: a 503 (a starved machine, the first drawing past the wait) says
      // when to ask again.
      const imageUrl = `${server.baseUrl}/read/1/story.png`;
      const fetchImage = async (): Promise<Response> => {
        for (let attempt = 0; ; attempt++) {
          const answer = await fetch(imageUrl);
          if (answer.status !== 503 || attempt === 5) return answer;
          const retryAfter = Number(answer.headers.get('retry-after'));
          expect(retryAfter).toBeGreaterThan(0);
          await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
        }
      };
      const image = fetchImage().then((answer) => {
        imageAnswered = true;
        return answer;
      });
      // The server's own thread is free while the image is drawn: it answers in between.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      expect(imageAnswered).toBe(false);
      const answer = await image;
      expect(answer.status).toBe(200);
      const png = Buffer.from(await answer.arrayBuffer());
      expect(PNG.sync.read(png).height).toBe(1920);
      const [name] = fs.readdirSync(dir);
      expect(name).toMatch(/^story-1-[\w-]{27}\.png$/);
      const drawnAt = fs.statSync(path.join(dir, name!)).mtimeMs;

      await stopServer(server);
      server = await startReadyServer({ port: await freePort(), databaseUrl: database.url, env });
      const again = await fetch(`${server.baseUrl}/read/1/story.png`);
      expect(again.headers.get('etag')).toBe(answer.headers.get('etag'));
      expect(Buffer.from(await again.arrayBuffer()).equals(png)).toBe(true);
      expect(fs.statSync(path.join(dir, name!)).mtimeMs).toBe(drawnAt);
    } finally {
      await stopServer(server);
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
