/** `remote/./Page` -> `remote/Page`, the id loadRemote expects. */
export function remoteId(remote: string, module: string): string {
  return `${remote}/${module.replace(/^\.\//, '')}`;
}
