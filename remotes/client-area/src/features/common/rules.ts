/** Field rules of the client area's forms, in the user's words; each returns a message or null. */

export function requiredText(value: string, message: string): string | null {
  return value.trim() ? null : message;
}

/**
 * An address as typed, with https:// put in front when no scheme was typed ('example.com',
 * 'www.example.com/page'), as browsers' address bars do. Anything with a scheme is left alone.
 */
export function withScheme(value: string): string {
  const text = value.trim();
  if (!text || /^[a-z][a-z0-9+.-]*:/i.test(text)) return text;
  return `https://${text.replace(/^\/+/, '')}`;
}

/** Only absolute http(s) addresses, the API's rule for links (checked after withScheme). */
export function webAddress(value: string): string | null {
  const text = withScheme(value);
  if (!text) return 'Enter the web address of the link.';
  try {
    const url = new URL(text);
    // A host with a dot (example.com), or localhost: 'https://hello' is rarely what was meant.
    const host = url.hostname;
    const plausible = host.includes('.') || host === 'localhost';
    if ((url.protocol === 'http:' || url.protocol === 'https:') && plausible) return null;
  } catch {
    // Not a URL at all: same message.
  }
  return 'Enter a web address, like example.com or https://example.com/page.';
}
