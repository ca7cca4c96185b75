import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';

export type PageComponent = ComponentType<Record<string, never>>;

/** A page module: its component, and optionally its JSON-LD for prerendered HTML (issue 17). */
export interface PageModule {
  default: PageComponent;
  structuredData?: object;
}

/** Loads one exposed page (`remote/Page`) through the federation runtime. */
export async function importPage(id: string): Promise<PageModule> {
  const loaded = await loadRemote<Partial<PageModule>>(id);
  if (!loaded?.default) throw new Error(`Remote module ${id} has no default export`);
  return { default: loaded.default, structuredData: loaded.structuredData };
}
