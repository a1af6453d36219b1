import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '#shared/journal-schemas';
import { formatEntryText } from '#shared/journal-entry';
import type { ReflectionValues } from './reflection-versions.js';
import {
  type ReflectionToSave,
  type SaveBasis,
  type SaveChannels,
  saveReflection,
} from './reflection-save.js';

const words = (thoughts: string): ReflectionValues => ({
  thoughts,
  words: '',
  deeds: '',
  isPublic: false,
  sharedParts: [],
  circleIds: [],
});

const toSave = (thoughts: string): ReflectionToSave => ({
  entryText: formatEntryText(words(thoughts)),
  isPublic: false,
  sharedParts: [],
  circleIds: [],
});

let updates = 0;
function entry(thoughts: string): JournalEntry {
  updates += 1;
  return {
    id: 7,
    userId: 1,
    dayNumber: 12,
    entryText: formatEntryText(words(thoughts)),
    isPublic: false,
    sharedParts: [],
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: `2026-03-01T10:00:${String(updates).padStart(2, '0')}.000Z`,
  } as JournalEntry;
}

class Conflict extends Error {
  constructor(readonly current: JournalEntry) {
    super('conflict');
  }
}
class Status extends Error {
  constructor(readonly status: number) {
    super(`status ${status}`);
  }
}
class Offline extends Error {}

/** A journal and a device of their own: what was posted and what was kept on the device. */
function world(answers: ((baseUpdatedAt: string | null) => JournalEntry)[], online = true) {
  const posted: (string | null)[] = [];
  const kept: { base: string | null; changedTo: string | null }[] = [];
  const forgotten: number[] = [];
  let turns = 0;
  const channels: SaveChannels = {
    post: async (_save, baseUpdatedAt) => {
      posted.push(baseUpdatedAt);
      const answer = answers.shift();
      if (!answer) throw new Error('nothing more was expected');
      return answer(baseUpdatedAt);
    },
    keepOnDevice: async (_save, base, changedTo) =>
      void kept.push({ base: base?.updatedAt ?? null, changedTo: changedTo?.updatedAt ?? null }),
    takeTurnsWithSync: async (work) => {
      turns += 1;
      return work();
    },
    forgetOlderSave: async (startedAt) => void forgotten.push(startedAt),
    online: () => online,
    now: () => 1_000,
    currentEntryOf: (error) => (error instanceof Conflict ? error.current : null),
    statusOf: (error) => (error instanceof Status ? error.status : null),
    isNetworkFailure: (error) => error instanceof Offline,
    warn: () => undefined,
  };
  return { channels, posted, kept, forgotten, turns: () => turns };
}

const fresh: SaveBasis = { values: words(''), base: null };

describe('saving a reflection', () => {
  it('saves to the journal, naming the version the words replace', async () => {
    const saved = entry('A clear morning');
    const w = world([() => saved]);
    const began: SaveBasis = { values: words('old'), base: { updatedAt: 'v1' } as never };
    expect(await saveReflection(w.channels, toSave('A clear morning'), began, false)).toEqual({
      kind: 'saved',
      entry: saved,
    });
    expect(w.posted).toEqual(['v1']);
    expect(w.kept).toEqual([]);
  });

  it('keeps the words on the device when offline, without trying the network', async () => {
    const w = world([], false);
    expect(await saveReflection(w.channels, toSave('On the train'), fresh, false)).toEqual({
      kind: 'waiting-on-device',
    });
    expect(w.posted).toEqual([]);
    expect(w.kept).toEqual([{ base: null, changedTo: null }]);
  });

  it('counts a retried send whose first answer was lost as saved', async () => {
    const arrived = entry('Said once');
    const w = world([
      () => {
        throw new Conflict(arrived);
      },
    ]);
    expect(await saveReflection(w.channels, toSave('Said once'), fresh, false)).toEqual({
      kind: 'saved',
      entry: arrived,
    });
  });

  it("sends again over the device's own earlier save, synced meanwhile", async () => {
    const synced = entry('first draft');
    const final = entry('second thoughts');
    const w = world([
      () => {
        throw new Conflict(synced);
      },
      () => final,
    ]);
    const began: SaveBasis = { values: words('first draft'), base: null };
    expect(await saveReflection(w.channels, toSave('second thoughts'), began, true)).toEqual({
      kind: 'saved',
      entry: final,
    });
    expect(w.posted).toEqual([null, synced.updatedAt]);
    // It took turns with a sync of the waiting save, then let that older save go.
    expect(w.turns()).toBe(1);
    expect(w.forgotten).toEqual([1_000]);
  });

  it('never replaces a version the reader has not seen: both wait for a choice', async () => {
    const elsewhere = entry('written on the laptop');
    const w = world([
      () => {
        throw new Conflict(elsewhere);
      },
    ]);
    expect(await saveReflection(w.channels, toSave('written on the phone'), fresh, false)).toEqual({
      kind: 'changed-elsewhere',
      changedTo: elsewhere,
    });
    expect(w.posted).toHaveLength(1);
    expect(w.kept).toEqual([{ base: null, changedTo: elsewhere.updatedAt }]);
  });

  it('keeps the words on the device when the network fails or the server is unavailable', async () => {
    for (const failure of [new Offline(), new Status(503), new Status(429)]) {
      const w = world([
        () => {
          throw failure;
        },
      ]);
      expect(await saveReflection(w.channels, toSave('kept'), fresh, false)).toEqual({
        kind: 'waiting-on-device',
      });
      expect(w.kept).toHaveLength(1);
    }
  });

  it('leaves the words in the form when the session is over or the save is refused', async () => {
    const signedOut = world([
      () => {
        throw new Status(401);
      },
    ]);
    expect(await saveReflection(signedOut.channels, toSave('mine'), fresh, false)).toEqual({
      kind: 'signed-out',
    });
    const refused = world([
      () => {
        throw new Status(400);
      },
    ]);
    expect(await saveReflection(refused.channels, toSave('mine'), fresh, false)).toEqual({
      kind: 'not-kept',
    });
    expect([...signedOut.kept, ...refused.kept]).toEqual([]);
  });

  it('says so when the device cannot keep the words either', async () => {
    const w = world([], false);
    w.channels.keepOnDevice = async () => {
      throw new Error('no IndexedDB');
    };
    expect(await saveReflection(w.channels, toSave('mine'), fresh, false)).toEqual({
      kind: 'not-kept',
    });
  });
});
