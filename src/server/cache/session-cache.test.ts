import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';

describe('the session cache', () => {
  it('lets go of every session of a person at once, and of the least recently used', () => {
    const sessions = new SessionCache<{ id: number; name: string }>(3);
    const since = sessions.generation;
    sessions.keep('a1', { id: 1, name: 'a' }, since);
    sessions.keep('a2', { id: 1, name: 'a' }, since);
    sessions.keep('b1', { id: 2, name: 'b' }, since);
    sessions.forgetUser(1);
    expect(sessions.get('a1')).toBeUndefined();
    expect(sessions.get('a2')).toBeUndefined();
    expect(sessions.get('b1')).toEqual({ id: 2, name: 'b' });
    const now = sessions.generation;
    sessions.keep('c1', { id: 3, name: 'c' }, now);
    sessions.keep('d1', { id: 4, name: 'd' }, now);
    expect(sessions.get('b1')).toBeDefined();
    sessions.keep('e1', { id: 5, name: 'e' }, now);
    expect(sessions.size).toBe(3);
    expect(sessions.get('c1')).toBeUndefined();
    sessions.clear();
    expect(sessions.size).toBe(0);
  });

  it('does not keep a lookup that a session let go of overtook', () => {
    const sessions = new SessionCache<{ id: number }>(10);
    const before = sessions.generation;
    sessions.forgetUser(7);
    sessions.keep('t', { id: 7 }, before);
    expect(sessions.get('t')).toBeUndefined();
    sessions.keep('t', { id: 7 }, sessions.generation);
    expect(sessions.get('t')).toEqual({ id: 7 });
  });
});
