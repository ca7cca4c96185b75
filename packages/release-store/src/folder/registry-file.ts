import fs from 'node:fs/promises';
import { REGISTRY_FORMAT, registryDocumentProblem, type RegistryDocument } from '@kloof/release-registry';
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
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${layout.registryFile} is not JSON: ${(error as Error).message}.`);
  }
  const problem = registryDocumentProblem(parsed);
  if (problem !== null) {
    throw new Error(`${layout.registryFile} is not a release registry (format ${REGISTRY_FORMAT}): ${problem}.`);
  }
  return parsed as RegistryDocument;
}
