/** Lower-case hex of `bytes` random bytes. */
function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  let hex = '';
  for (const value of values) hex += value.toString(16).padStart(2, '0');
  return hex;
}

/**
 * A W3C `traceparent` for one API call: a new trace, this call its root span, which the web server
 * and the API continue (their spans, their log lines). Hand-made: the OpenTelemetry browser SDK or
 * core's propagator would cost the host's first script kilobytes for these ten lines.
 */
export function newTraceparent(): string {
  return `00-${randomHex(16)}-${randomHex(8)}-01`;
}
