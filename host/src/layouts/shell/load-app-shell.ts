/** The signed-in shell's chunk (with its icons): the router's lazy layout, and started early on a signed-in load. */
export const loadAppShell = () => import('./AppShell');
