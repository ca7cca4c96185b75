/**
 * Whether a site at this host name can use passkeys: WebAuthn ties a passkey to a domain, so on an
 * IP address (IPv4, or IPv6 in brackets) every ceremony fails with a SecurityError.
 */
export function passkeysWorkOn(hostname: string): boolean {
  return !/^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) && !hostname.includes(':') && !hostname.startsWith('[');
}

/**
 * Whether passkeys can work here at all: a browser with WebAuthn, on a domain (not an IP address).
 * Checked where it is used, in the browser: the pages that offer passkeys run only there.
 */
export function browserHasPasskeys(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential === 'function' &&
    typeof navigator.credentials?.get === 'function' &&
    passkeysWorkOn(window.location.hostname)
  );
}

/**
 * What a failed passkey prompt means for the person, from the browser's WebAuthn error name
 * (@simplewebauthn/browser keeps it as the error's name). Null for any other error.
 */
export function passkeyErrorText(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  switch (error.name) {
    // Cancelled, timed out, or no passkey of this site on the device: the browser does not say which.
    case 'NotAllowedError':
    case 'AbortError':
      return 'The passkey request was cancelled or timed out. Please try again.';
    // While adding: the authenticator holds a passkey for this account already.
    case 'InvalidStateError':
      return 'This device already has a passkey for your account.';
    case 'NotSupportedError':
      return 'This device cannot make a passkey that signs in on its own.';
    case 'SecurityError':
      return 'Passkeys do not work on this address of the site.';
    default:
      return null;
  }
}
