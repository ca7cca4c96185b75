import { useEffect } from 'react';
import type { PageMeta } from './route-types';
import { defaultMeta } from './route-table';

function metaTag(selector: string, attribute: 'name' | 'property', key: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(selector);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  return tag;
}

/** Sets the document's title, description and og:type; missing parts fall back to the root default. */
export function applyPageMeta(meta: Partial<PageMeta>): void {
  document.title = meta.title ?? defaultMeta.title;
  metaTag('meta[name="description"]', 'name', 'description').content = meta.description ?? defaultMeta.description;
  metaTag('meta[property="og:type"]', 'property', 'og:type').content = meta.ogType ?? defaultMeta.ogType;
  metaTag('meta[property="og:title"]', 'property', 'og:title').content = meta.title ?? defaultMeta.title;
}

/** Applies a page's meta while it is shown. */
export function usePageMeta(meta: Partial<PageMeta>): void {
  useEffect(() => {
    applyPageMeta(meta);
  }, [meta]);
}

/** Keeps the page out of search results while it is shown (the not-found page; the server adds it too). */
export function useNoIndex(): void {
  useEffect(() => {
    // The product has no other robots rule: the tag (also the one the server's 404 document
    // carries) goes with the page.
    const tag = metaTag('meta[name="robots"]', 'name', 'robots');
    tag.content = 'noindex';
    return () => tag.remove();
  }, []);
}
