import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, recipientTag } from './mailer.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** An outbox mailer in a folder of its own, with every log call kept. */
function outboxMailer(logLinks: boolean) {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-outbox-'));
  dirs.push(outboxDir);
  const logged: unknown[][] = [];
  const record = (...args: unknown[]) => logged.push(args);
  const logger = { info: record, warn: record, error: record } as unknown as FastifyBaseLogger;
  const mailer = createMailer({
    smtpUrl: null,
    from: 'The Threefold Path <no-reply@localhost>',
    outboxDir,
    logger,
    logLinks,
  });
  const files = () => fs.readdirSync(outboxDir);
  const read = (name: string) => fs.readFileSync(path.join(outboxDir, name), 'utf8');
  return { mailer, logged, files, read };
}

const link = 'http://localhost:3000/password-reset?token=live-secret-token';

describe('mail written to the outbox', () => {
  it('logs the file but never the link in production', async () => {
    const { mailer, logged, files } = outboxMailer(false);
    await mailer.send({ to: 'zoe@example.test', subject: 'Reset', text: `Open ${link}`, link });
    expect(files()).toHaveLength(1);
    expect(logged).toHaveLength(1);
    expect(logged[0]![0]).toEqual({ file: expect.stringContaining(files()[0]!) });
    expect(JSON.stringify(logged)).not.toContain('live-secret-token');
  });

  it('logs the link too outside production, for convenience', async () => {
    const { mailer, logged } = outboxMailer(true);
    await mailer.send({ to: 'zoe@example.test', subject: 'Reset', text: `Open ${link}`, link });
    expect(logged[0]![0]).toMatchObject({ link });
  });

  it("names each file by a hash of its recipient, so one person's mail can be removed", async () => {
    const { mailer, files, read } = outboxMailer(true);
    await mailer.send({ to: 'zoe@example.test', subject: 'One', text: 'first' });
    await mailer.send({ to: 'Zoe@Example.test', subject: 'Two', text: 'second' });
    await mailer.send({ to: 'kai@example.test', subject: 'Three', text: 'third' });
    expect(files().filter((name) => name.includes(recipientTag('zoe@example.test')))).toHaveLength(
      2,
    );
    expect(files().join(' ')).not.toContain('zoe');
    await mailer.forget!('ZOE@example.test');
    expect(files()).toHaveLength(1);
    expect(read(files()[0]!)).toContain('third');
  });

  it('keeps header values on one line: a line break cannot add a header or a recipient', async () => {
    const { mailer, files, read } = outboxMailer(true);
    await mailer.send({
      to: 'zoe@example.test',
      subject: 'Hello\r\nBcc: eve@evil.test\nX-Injected: yes',
      text: 'Body',
    });
    const raw = read(files()[0]!);
    const headers = raw.slice(0, raw.indexOf('\n\n'));
    expect(headers).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(headers).toMatch(/^To: zoe@example\.test$/m);
    expect(headers).toMatch(/^Subject: Hello {2}Bcc: eve@evil\.test X-Injected: yes$/m);

    for (const to of [
      'zoe@example.test\r\nBcc: eve@evil.test',
      'zoe@example.test, eve@evil.test',
      'Zoe <zoe@example.test>',
    ]) {
      await expect(mailer.send({ to, subject: 'Hello', text: 'Body' })).rejects.toThrow(
        'A message goes to one plain address',
      );
    }
    expect(files()).toHaveLength(1);
  });
});
