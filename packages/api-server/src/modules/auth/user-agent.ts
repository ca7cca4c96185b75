import Bowser from 'bowser';

/** "Chrome 140" and "Linux" from a User-Agent header (bowser), for the list of signed-in devices. */
export function describeUserAgent(userAgent: string | undefined): { browser: string; os: string } {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system' };
  const { browser, os } = Bowser.parse(userAgent.slice(0, 512));
  const major = browser.version?.split('.')[0];
  return {
    browser: browser.name ? `${browser.name}${major ? ` ${major}` : ''}` : 'Unknown browser',
    os: os.name ? `${os.name}${os.versionName ? ` ${os.versionName}` : ''}` : 'Unknown system',
  };
}
