/** The encodings a file may be stored in, best first when a client weighs them the same. */
export type Encoding = 'br' | 'gzip' | 'identity';

const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'identity'];

/** q-values a client gave each encoding (RFC 9110 12.5.3); `*` covers the ones it did not name. */
function weights(header: string): Map<string, number> {
  const weighed = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = Number.isFinite(Number(value)) ? Math.min(Math.max(Number(value), 0), 1) : 0;
    }
    weighed.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  return weighed;
}

/**
 * The encoding to send among those stored: the highest q-value the client allows, br before gzip
 * before identity on a tie. Identity when the header is absent, and when nothing else is allowed
 * (a file is better than a 406).
 */
export function chooseEncoding(header: string | undefined, stored: ReadonlySet<Encoding>): Encoding {
  if (!header) return 'identity';
  const weighed = weights(header);
  const star = weighed.get('*');
  let best: Encoding = 'identity';
  let bestQ = -1;
  for (const encoding of PREFERENCE) {
    if (!stored.has(encoding)) continue;
    // identity is acceptable unless refused by name or by `*;q=0` (RFC 9110 12.5.3).
    const q = weighed.get(encoding) ?? star ?? (encoding === 'identity' ? 0.001 : 0);
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return bestQ > 0 ? best : 'identity';
}

/** The same client sends the same header on every request: its answer is remembered (bounded). */
export function encodingChooser(): (header: string | undefined, stored: ReadonlySet<Encoding>) => Encoding {
  const seen = new Map<string, Map<ReadonlySet<Encoding>, Encoding>>();
  return (header, stored) => {
    if (!header) return 'identity';
    let bySet = seen.get(header);
    if (!bySet) {
      if (seen.size >= 256) seen.clear();
      bySet = new Map();
      seen.set(header, bySet);
    }
    let chosen = bySet.get(stored);
    if (chosen === undefined) {
      chosen = chooseEncoding(header, stored);
      if (bySet.size < 16) bySet.set(stored, chosen);
    }
    return chosen;
  };
}
