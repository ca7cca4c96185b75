import { setting, Text } from './setting';

// The folder a command was typed in: pnpm runs a package's script in the package's folder and
// names the caller's in INIT_CWD, so a path typed on the command line resolves against it.

export const invocationDirSetting = setting(
  'INIT_CWD',
  Text(),
  'set by pnpm: the folder the command was typed in, which relative paths given to it resolve against',
  'the working directory',
);
