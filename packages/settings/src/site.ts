import { Int, setting, Text, type SettingsOf } from './setting';

// What several parts mean by the same variable, declared once: the port the site is served on
// and its public address. The API, the web server, the process runner and the release tool each
// include these in their own declarations, so each has one default, here.

/** The web server's port on this machine under `pnpm start` and `pnpm serve`. */
export const DEFAULT_WEB_PORT = 8080;
/** The API's port on this machine under `pnpm start` and `pnpm serve`. */
export const DEFAULT_API_PORT = 4000;

export const webPortSetting = setting(
  'WEB_PORT',
  Int(1, 65535, DEFAULT_WEB_PORT),
  'port of the web server under `pnpm start` and `pnpm serve`',
);

export const apiPortSetting = setting(
  'API_PORT',
  Int(1, 65535, DEFAULT_API_PORT),
  'port of the API under `pnpm start` and `pnpm serve`',
);

export const siteUrlSetting = setting(
  'SITE_URL',
  Text({
    pattern:
      '^[Hh][Tt][Tt][Pp][Ss]?://(?:[A-Za-z0-9.-]+|\\[[0-9A-Fa-f:.]+\\])(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4}))?/?$',
    rule: "the site's origin only, an http(s) URL without a path, query or credentials such as https://example.com",
  }),
  "the site's public address: links in mails, canonical and Open Graph URLs of prerendered pages, the origin passkeys belong to",
  { shown: '`http://localhost:<WEB_PORT>`', decode: (value) => (value ? new URL(value).origin : undefined) },
);

/** The site's address as every part reads it: SITE_URL, else the web server on this machine. */
export const siteSettings = { webPort: webPortSetting, siteUrl: siteUrlSetting };

export type SiteSettings = SettingsOf<typeof siteSettings>;

/** The origin the site is served at (no trailing slash). */
export function siteAddress(site: SiteSettings): string {
  return site.siteUrl ?? `http://localhost:${site.webPort}`;
}
