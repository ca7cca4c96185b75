import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';

export type PageComponent = ComponentType<Record<string, never>>;

/** Loads one exposed page (`remote/Page`) through the federation runtime. */
export async function importPage(id: string): Promise<{ default: PageComponent }> {
  const loaded = await loadRemote<{ default?: PageComponent }>(id);
  if (!loaded?.default) throw new Error(`Remote module ${id} has no default export`);
  return { default: loaded.default };
}
