import { importPage, type PageModule } from './page-import';
import { chosenRelease } from './release-choice';
import { loadFallback } from './remote-registry';
import { reportFallbackLoaded, reportRemoteFailure } from './remote-telemetry';

/**
 * Loads one remote page (`remote/Page`); when the version this page load runs fails to load or
 * fails its hashes, once more at the version its registry pins as last known good (a canary's
 * browser: the stable one). Each failed attempt is counted against the version that failed; a
 * page served by the fallback is reported as such. Throws only when no good version loads.
 */
export async function importWithFallback(id: string): Promise<PageModule> {
  const app = id.split('/')[0]!;
  const tried = chosenRelease(app);
  try {
    return await importPage(id);
  } catch (error) {
    reportRemoteFailure(id, 'load-failed');
    // Another page of the app may have switched already (the first-page preload and the render race).
    const now = chosenRelease(app);
    const switched = tried && now && now.version !== tried.version ? now : loadFallback(app);
    if (!tried || !switched) throw error;
    try {
      const page = await importPage(id);
      reportFallbackLoaded(id, tried.version);
      return page;
    } catch (fallbackError) {
      reportRemoteFailure(id, 'load-failed');
      throw fallbackError;
    }
  }
}
