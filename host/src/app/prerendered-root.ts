/** The attribute a prerendered page's #root carries: the URL path it was rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

const normalise = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * Whether #root holds server-rendered markup of this very URL, which the client hydrates. Any
 * other markup (a page cached for another URL, say) is rendered over from scratch instead.
 */
export function isPrerenderedFor(container: Element, pathname: string): boolean {
  const renderedFor = container.getAttribute(PRERENDERED_ATTRIBUTE);
  return renderedFor !== null && container.hasChildNodes() && normalise(renderedFor) === normalise(pathname);
}
