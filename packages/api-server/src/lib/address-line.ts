import { addressPrefix } from '@kloof/telemetry-token';

/**
 * The line an anonymous client waits in: an IPv4 address as it is (an office behind one address
 * is one client), an IPv6 address as its /64 (one subscriber's whole allocation), so a host that
 * walks its /64 gets one line, not 2^64 of them.
 */
export const addressLine = (ip: string): string => addressPrefix(ip, 4, 4);
