// What `npm test` does when a program the tests launch (Chromium, nginx) is missing: use the
// one there is, install its Debian package when this process may, or stop saying what to do.

/**
 * The plan for one program: `configured` (its variable's value, if set) must name a program;
 * else the Debian package's `defaultPath` is used, or installed as root where apt-get is;
 * otherwise stop, in one line naming the package and the variable.
 */
export function programPlan(program, { configured, isUsable, isRoot, hasAptGet }) {
  const { name, variable, debianPackage, defaultPath } = program;
  if (configured) {
    return isUsable(configured)
      ? { action: 'use', path: configured }
      : {
          action: 'stop',
          message: `${variable}=${configured} is not a program: point ${variable} at ${name}, or unset it to use the Debian package ${debianPackage} (${defaultPath}).`,
        };
  }
  if (isUsable(defaultPath)) return { action: 'use', path: defaultPath };
  if (isRoot && hasAptGet) {
    return {
      action: 'install',
      path: defaultPath,
      debianPackage,
      commands: installCommands([debianPackage]),
    };
  }
  return {
    action: 'stop',
    message: `No ${name} at ${defaultPath}: install the Debian package ${debianPackage} (apt-get install ${debianPackage}), or set ${variable} to a ${name} program.`,
  };
}

/** One package-list refresh, then every missing package in one install. */
export function installCommands(debianPackages) {
  return [
    ['apt-get', 'update'],
    ['apt-get', 'install', '-y', ...debianPackages],
  ];
}
