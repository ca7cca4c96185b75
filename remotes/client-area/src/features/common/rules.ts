/** Field rules of the client area's forms, in the user's words; each returns a message or null. */

export function requiredText(value: string, message: string): string | null {
  return value.trim() ? null : message;
}

/** Only absolute http(s) addresses, the API's rule for links. */
export function webAddress(value: string): string | null {
  const text = value.trim();
  if (!text) return 'Enter the web address of the link.';
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return null;
  } catch {
    // Not a URL at all: same message.
  }
  return 'Enter a web address that starts with http:// or https://, like https://example.com.';
}
