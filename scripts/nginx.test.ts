import { describe, expect, it } from 'vitest';
import { nginxPath, nginxPlan } from './nginx.mjs';

const only =
  (...present: string[]) =>
  (file: string) =>
    present.includes(file);

describe('the nginx the proxy test runs', () => {
  it('is NGINX_PATH when set, else the Debian package’s', () => {
    expect(nginxPath({ NGINX_PATH: '/opt/nginx/sbin/nginx' })).toBe('/opt/nginx/sbin/nginx');
    expect(nginxPath({})).toBe('/usr/sbin/nginx');
  });

  const machine = { configured: undefined, isRoot: true, hasAptGet: true };

  it('is used where it is, installing nothing', () => {
    expect(nginxPlan({ ...machine, isUsable: only('/usr/sbin/nginx') })).toEqual({
      action: 'use',
      path: '/usr/sbin/nginx',
    });
  });

  it('is installed from the Debian package nginx when missing and root may use apt-get', () => {
    expect(nginxPlan({ ...machine, isUsable: only() })).toEqual({
      action: 'install',
      path: '/usr/sbin/nginx',
      debianPackage: 'nginx',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'nginx'],
      ],
    });
  });

  it('stops the tests in one line naming the package and the variable otherwise', () => {
    const plan = nginxPlan({ ...machine, isRoot: false, isUsable: only() });
    expect(plan.action).toBe('stop');
    const message = plan.action === 'stop' ? plan.message : '';
    expect(message).not.toContain('\n');
    expect(message).toContain('Debian package nginx');
    expect(message).toContain('NGINX_PATH');
  });
});
