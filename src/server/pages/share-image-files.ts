import { type ChildProcess, fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DRAWING_VERSION,
  renderShareImage,
  type ShareImageFormat,
  type SharedStanza,
} from './share-images.js';

/**
 * Memory for the images last sent: a day's card and story are about 210 KB, so this holds the
 * images of the last two or three weeks' days when those are what is shared.
 */
const SENT_IMAGES_KEPT_BYTES = 4 * 1024 * 1024;

/** One image to draw, and the file it is kept in. */
export interface DrawingJob {
  shared: SharedStanza;
  format: ShareImageFormat;
  file: string;
}

/**
 * Draws a job's image into its file, unless another process already has: written under a name of
 * its own and renamed into place, so a reader never sees half a file and two processes drawing
 * the same image at once both leave a whole one.
 */
export async function drawImageFile(job: DrawingJob): Promise<void> {
  if (fs.existsSync(job.file)) return;
  const { png } = await renderShareImage(job.shared, job.format);
  const partial = `${job.file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  await fs.promises.writeFile(partial, png);
  await fs.promises.rename(partial, job.file);
}

/** Where drawings are made: a process of their own, or (running from source, in tests) this thread. */
export interface Drawer {
  draw(job: DrawingJob): Promise<void>;
  close(): Promise<void>;
}

/** The built drawing program, beside this module once compiled; absent when running from source. */
const drawingProgram = fileURLToPath(new URL('./share-image-drawing.js', import.meta.url));

function threadDrawer(): Drawer {
  return { draw: drawImageFile, close: async () => undefined };
}

/** How long an idle drawing process is kept: a burst of missing images shares one start. */
const DRAWING_IDLE_MS = 10_000;

/**
 * One child process, started at the first drawing and sent one job at a time (so a job asked for
 * by a request goes before the queued ones). It ends once idle for `idleMs`: its fonts and layout
 * engine hold about a hundred megabytes, which a worker thread would leave in the server's own
 * heap after it ended, and which an ended process gives back whole. The next job starts another;
 * one that fails is replaced at the next job.
 */
export function processDrawer(program = drawingProgram, idleMs = DRAWING_IDLE_MS): Drawer {
  let child: ChildProcess | undefined;
  let current: { resolve: () => void; reject: (error: Error) => void } | undefined;
  let idle: NodeJS.Timeout | undefined;
  const fail = (error: Error) => {
    current?.reject(error);
    current = undefined;
    child = undefined;
  };
  const stop = async () => {
    clearTimeout(idle);
    const ending = child;
    child = undefined;
    if (!ending || ending.exitCode !== null || ending.signalCode !== null) return;
    const exited = once(ending, 'exit');
    ending.kill();
    await exited;
  };
  const started = () => {
    clearTimeout(idle);
    if (child) return child;
    const forked = fork(program, [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: ['--max-old-space-size=256'],
    });
    forked.on('message', (message: { error?: string }) => {
      const job = current;
      current = undefined;
      // Between jobs the channel does not hold the server open, and the process may end.
      forked.channel?.unref();
      idle = setTimeout(() => void stop(), idleMs).unref();
      if (message.error) job?.reject(new Error(message.error));
      else job?.resolve();
    });
    forked.on('error', (error) => {
      if (child === forked) fail(error);
    });
    forked.on('exit', (code, signal) => {
      if (child === forked) fail(new Error(`the drawing process stopped (${code ?? signal})`));
    });
    child = forked;
    return forked;
  };
  return {
    draw(job) {
      return new Promise<void>((resolve, reject) => {
        current = { resolve, reject };
        const drawing = started();
        drawing.channel?.ref();
        drawing.send(job);
      });
    },
    close: stop,
  };
}

/** Whether drawings run in a process of their own (the built server) or in this thread (from source). */
export const drawsInOwnProcess = () => fs.existsSync(drawingProgram);

/** What names one image: its hash, its ETag and its file. */
interface ImageNames {
  key: string;
  etag: string;
  file: string;
}

interface Waiting {
  job: DrawingJob;
  urgent: boolean;
  done: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The days' share images, drawn once and kept as files (docs/decisions/024-share-images-drawn-
 * once.md). Each file is named by a hash of the drawing code and of what the image shows, so a
 * changed reading or new drawing code is a new name and is drawn again; the same hash is the
 * image's ETag, known without reading or drawing anything. Drawings queue for one drawer: those
 * a request waits for first, then those drawn ahead, which rest as long as each drawing took so
 * they take at most half a core.
 */
export class ShareImageFiles {
  private readonly names = new WeakMap<
    SharedStanza,
    Partial<Record<ShareImageFormat, ImageNames>>
  >();
  private readonly present = new Set<string>();
  /** The images last sent, by file, least recently sent first: most shares are of recent days. */
  private readonly sent = new Map<string, Buffer>();
  private sentBytes = 0;
  private readonly keptBytes: number;
  private readonly queue = new Map<string, Waiting>();
  private drawing = false;
  private closed = false;
  private readonly drawer: Drawer;
  /** Whether drawings run in a process of their own, off the thread that answers requests. */
  readonly inOwnProcess: boolean;
  private readonly onMissing: () => void;

  constructor(
    readonly dir: string,
    options: {
      inOwnProcess?: boolean;
      /** How many bytes of images last sent are kept in memory to send again. */
      keptBytes?: number;
      /** Told when a request asked for an image not drawn yet (the pack may have changed). */
      onMissing?: () => void;
    } = {},
  ) {
    fs.mkdirSync(dir, { recursive: true });
    this.inOwnProcess = options.inOwnProcess ?? drawsInOwnProcess();
    this.drawer = this.inOwnProcess ? processDrawer() : threadDrawer();
    this.onMissing = options.onMissing ?? (() => undefined);
    this.keptBytes = options.keptBytes ?? SENT_IMAGES_KEPT_BYTES;
  }

  /** The hash naming this image: of the drawing code, the format, the day and its text. */
  keyOf(shared: SharedStanza, format: ShareImageFormat): string {
    return this.namesOf(shared, format).key;
  }

  etagOf(shared: SharedStanza, format: ShareImageFormat): string {
    return this.namesOf(shared, format).etag;
  }

  fileOf(shared: SharedStanza, format: ShareImageFormat): string {
    return this.namesOf(shared, format).file;
  }

  /**
   * Worked out once per reading and format: the pages keep each day's reading as one object
   * for a while, so a request for its image hashes nothing.
   */
  private namesOf(shared: SharedStanza, format: ShareImageFormat): ImageNames {
    let byFormat = this.names.get(shared);
    if (!byFormat) this.names.set(shared, (byFormat = {}));
    return (byFormat[format] ??= this.namesFor(shared, format));
  }

  private namesFor(shared: SharedStanza, format: ShareImageFormat): ImageNames {
    const key = createHash('sha256')
      .update(`${DRAWING_VERSION}\n${format}\n${shared.day}\n${shared.heading}\n${shared.stanza}`)
      .digest('base64url')
      .slice(0, 27);
    return {
      key,
      etag: `"${key}"`,
      file: path.join(this.dir, `${format}-${shared.day}-${key}.png`),
    };
  }

  /**
   * The image's file, drawn first when it is not there yet: that drawing goes before every queued
   * one and is waited for at most `waitMs`. Null when it is not ready by then.
   */
  async ready(
    shared: SharedStanza,
    format: ShareImageFormat,
    waitMs: number,
  ): Promise<string | null> {
    const file = this.fileOf(shared, format);
    if (this.present.has(file)) return file;
    if (fs.existsSync(file)) {
      this.present.add(file);
      return file;
    }
    const done = this.enqueue({ shared, format, file }, true);
    this.onMissing();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    try {
      return await Promise.race([done.then(() => file), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The image's bytes, drawn first when needed (as `ready`). Recently sent images come from
   * memory: a file's name says what it shows, so its bytes never change. Null when the image is
   * not ready within `waitMs`.
   */
  async bytes(
    shared: SharedStanza,
    format: ShareImageFormat,
    waitMs: number,
  ): Promise<Buffer | null> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const file = await this.ready(shared, format, waitMs);
      if (!file) return null;
      const kept = this.sent.get(file);
      if (kept) {
        this.sent.delete(file);
        this.sent.set(file, kept);
        return kept;
      }
      try {
        const read = await fs.promises.readFile(file);
        this.keepSent(file, read);
        return read;
      } catch {
        // Removed by another process since: drawn again.
        this.forget(file);
      }
    }
    return null;
  }

  private keepSent(file: string, bytes: Buffer): void {
    if (bytes.length > this.keptBytes || this.sent.has(file)) return;
    this.sent.set(file, bytes);
    this.sentBytes += bytes.length;
    for (const [oldest, oldestBytes] of this.sent) {
      if (this.sentBytes <= this.keptBytes) break;
      this.sent.delete(oldest);
      this.sentBytes -= oldestBytes.length;
    }
  }

  /** Forgets that a file was there (another process removed it): the next request draws it. */
  forget(file: string): void {
    this.present.delete(file);
    const kept = this.sent.get(file);
    if (kept) {
      this.sent.delete(file);
      this.sentBytes -= kept.length;
    }
  }

  /**
   * Queues every image of `readings` not drawn yet, behind any a request asked for, and resolves
   * when all are drawn, answering whether every one is on disk. Files of other readings or older
   * drawing code that no process has written for a day are then removed, so the folder holds
   * about one pack's images.
   */
  async drawAhead(readings: SharedStanza[]): Promise<boolean> {
    const jobs = readings.flatMap((shared) =>
      (['card', 'story'] as const).map((format) => ({
        shared,
        format,
        file: this.fileOf(shared, format),
      })),
    );
    // Each process starts at its own place, so several starting together share the work.
    const start = jobs.length > 0 ? process.pid % jobs.length : 0;
    const ordered = [...jobs.slice(start), ...jobs.slice(0, start)];
    const drawn = ordered.map((job) => {
      if (fs.existsSync(job.file)) {
        this.present.add(job.file);
        return Promise.resolve();
      }
      return this.enqueue(job, false);
    });
    const results = await Promise.allSettled(drawn);
    if (this.closed || results.some((result) => result.status === 'rejected')) return false;
    await this.removeOthers(new Set(jobs.map((job) => path.basename(job.file))));
    return true;
  }

  private async removeOthers(current: Set<string>): Promise<void> {
    const now = Date.now();
    for (const name of await fs.promises.readdir(this.dir)) {
      if (current.has(name) || !/\.(png|tmp)$/.test(name)) continue;
      const file = path.join(this.dir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      // A day's grace: another process may still serve the pack it started with.
      const graceMs = name.endsWith('.tmp') ? 60 * 60_000 : 24 * 60 * 60_000;
      if (stat && now - stat.mtimeMs > graceMs) {
        await fs.promises.rm(file, { force: true });
        this.present.delete(file);
      }
    }
  }

  private enqueue(job: DrawingJob, urgent: boolean): Promise<void> {
    const waiting = this.queue.get(job.file);
    if (waiting) {
      if (urgent && !waiting.urgent) {
        // Moved to the front: a request waits for it.
        this.queue.delete(job.file);
        waiting.urgent = true;
        this.queue.set(job.file, waiting);
      }
      return waiting.done;
    }
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const done = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    done.catch(() => undefined);
    this.queue.set(job.file, { job, urgent, done, resolve, reject });
    void this.pump();
    return done;
  }

  private next(): Waiting | undefined {
    let first: Waiting | undefined;
    for (const waiting of this.queue.values()) {
      if (waiting.urgent) return waiting;
      first ??= waiting;
    }
    return first;
  }

  private async pump(): Promise<void> {
    if (this.drawing) return;
    this.drawing = true;
    try {
      for (let waiting = this.next(); waiting && !this.closed; waiting = this.next()) {
        const began = performance.now();
        try {
          await this.drawer.draw(waiting.job);
          this.present.add(waiting.job.file);
          waiting.resolve();
        } catch (error) {
          waiting.reject(error as Error);
        } finally {
          this.queue.delete(waiting.job.file);
        }
        const next = this.next();
        if (next && !next.urgent) {
          const took = performance.now() - began;
          await new Promise((resolve) => setTimeout(resolve, took).unref());
        }
      }
    } finally {
      this.drawing = false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.queue.values()) waiting.reject(new Error('closing'));
    this.queue.clear();
    await this.drawer.close();
  }
}
