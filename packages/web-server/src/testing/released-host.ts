import path from 'node:path';
import { releasesLayout } from '@kloof/release-store/folder';
import { release } from '@kloof/release-tool/store';
import { fakeBuild, tempDir } from '@kloof/release-tool/testing';
import { releasesSite, type Site } from '../site';

/** A releases folder of its own with one small host released, served as a site. */
export async function releasedHostSite(): Promise<Site> {
  const work = await tempDir();
  const layout = releasesLayout(path.join(work, 'releases'));
  await release(layout, 'host', await fakeBuild(work, 'host', 'c0ffee01'));
  return releasesSite(layout);
}
