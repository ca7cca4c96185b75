import { brand } from '@kloof/ui/brand';
import type { PageMeta } from '../routes/route-types';

/** What the head of one prerendered page says about it. */
export interface HeadInput {
  meta: PageMeta;
  /** Absolute URL of the page; none for the not-found page (it has no address of its own). */
  url?: string;
  /** Site origin, e.g. https://kloofdigital.co.za (the Organization's url). */
  origin: string;
  /** JSON-LD of the page itself (a JobPosting), besides the Organization every page carries. */
  structuredData?: readonly object[];
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside <script>: `<` escaped, so no text in it can close the element. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** The company, as search engines read it (schema.org Organization). */
export function organization(origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: brand.name,
    url: `${origin}/`,
    description: brand.blurb,
    telephone: brand.phone,
    email: brand.email,
    address: brand.address,
  };
}

/** Title, description, canonical, Open Graph, Twitter card and JSON-LD of one page. */
export function headTags({ meta, url, origin, structuredData = [] }: HeadInput): string {
  const tag = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    url ? `<link rel="canonical" href="${escapeHtml(url)}">` : '',
    tag('property', 'og:type', meta.ogType ?? 'website'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    url ? tag('property', 'og:url', url) : '',
    tag('property', 'og:site_name', brand.name),
    tag('property', 'og:locale', 'en_ZA'),
    tag('name', 'twitter:card', 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    ...[organization(origin), ...structuredData].map(
      (data) => `<script type="application/ld+json">${scriptJson(data)}</script>`,
    ),
  ]
    .filter(Boolean)
    .join('');
}
