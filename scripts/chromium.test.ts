import { describe, expect, it } from 'vitest';
import { chromiumPath, chromiumPlan } from './chromium.mjs';

const only =
  (...present: string[]) =>
  (file: string) =>
    present.includes(file);

describe('the Chromium the tests launch', () => {
  it('is CHROMIUM_PATH when set, else the Debian package’s', () => {
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chromium/chrome' })).toBe('/opt/chromium/chrome');
    expect(chromiumPath({})).toBe('/usr/bin/chromium');
    expect(chromiumPath({ CHROMIUM_PATH: '' })).toBe('/usr/bin/chromium');
  });
});

describe('before the tests', () => {
  const machine = { configured: undefined, isRoot: true, hasAptGet: true };

  it('use the Chromium CHROMIUM_PATH names, even where the Debian one is installed', () => {
    const plan = chromiumPlan({
      ...machine,
      configured: '/opt/chromium/chrome',
      isUsable: only('/opt/chromium/chrome', '/usr/bin/chromium'),
    });
    expect(plan).toEqual({ action: 'use', path: '/opt/chromium/chrome' });
  });

  it('stop, naming the variable, when CHROMIUM_PATH names no program', () => {
    const plan = chromiumPlan({
      ...machine,
      configured: '/opt/missing',
      isUsable: only('/usr/bin/chromium'),
    });
    expect(plan.action).toBe('stop');
    expect(plan.action === 'stop' && plan.message).toMatch(/CHROMIUM_PATH=\/opt\/missing/);
  });

  it('use /usr/bin/chromium when it is there, installing nothing', () => {
    const plan = chromiumPlan({ ...machine, isUsable: only('/usr/bin/chromium') });
    expect(plan).toEqual({ action: 'use', path: '/usr/bin/chromium' });
  });

  it('install the Debian package chromium when there is none and root may use apt-get', () => {
    const plan = chromiumPlan({ ...machine, isUsable: only() });
    expect(plan).toEqual({
      action: 'install',
      path: '/usr/bin/chromium',
      debianPackage: 'chromium',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'chromium'],
      ],
    });
  });

  it.each([
    { isRoot: false, hasAptGet: true },
    { isRoot: true, hasAptGet: false },
    { isRoot: false, hasAptGet: false },
  ])(
    'stop in one line naming the package and the variable otherwise (root: $isRoot, apt-get: $hasAptGet)',
    (who) => {
      const plan = chromiumPlan({ ...machine, ...who, isUsable: only() });
      expect(plan.action).toBe('stop');
      const message = plan.action === 'stop' ? plan.message : '';
      expect(message).not.toContain('\n');
      expect(message).toContain('Debian package chromium');
      expect(message).toContain('CHROMIUM_PATH');
    },
  );
});
