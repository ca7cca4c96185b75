import fs from 'node:fs/promises';
import { isRegistryDocument, REGISTRY_FORMAT, type RegistryDocument } from '@kloof/release-registry';
import type { ReleasesLayout } from './layout';

/** registry.json of a releases folder; an empty registry before the first release. */
export async function readRegistryFile(layout: ReleasesLayout): Promise<RegistryDocument> {
  let text: string;
  try {
    text = await fs.readFile(layout.registryFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { format: REGISTRY_FORMAT, apps: {} };
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (!isRegistryDocument(parsed)) {
    throw new Error(`${layout.registryFile} is not a release registry (format ${REGISTRY_FORMAT}).`);
  }
  return parsed;
}
