/**
 * JSON bodies as bytes, with what JSON.stringify cannot write: raw number tokens (`1e999`, `-0`,
 * 30-digit integers), deep nesting without recursion, and bytes that are not UTF-8 inside a string.
 */

/** A JSON token written as is (e.g. `1e999` or `[[[...]]]`). */
export class RawJson {
  constructor(
    readonly text: string,
    /** the JSON type the text parses to, for choosing values of a wrong type */
    readonly jsonType: string,
  ) {}
}

/** A JSON string whose content is these raw bytes (not valid UTF-8 on purpose). */
export class RawBytes {
  constructor(readonly bytes: Buffer) {}
}

export function jsonBytes(value: unknown): Buffer {
  const chunks: Buffer[] = [];
  write(value, chunks);
  return Buffer.concat(chunks);
}

function write(value: unknown, out: Buffer[]): void {
  if (value instanceof RawJson) out.push(Buffer.from(value.text, 'utf8'));
  else if (value instanceof RawBytes) out.push(Buffer.from('"'), value.bytes, Buffer.from('"'));
  else if (Array.isArray(value)) {
    out.push(Buffer.from('['));
    value.forEach((item, i) => {
      if (i > 0) out.push(Buffer.from(','));
      write(item, out);
    });
    out.push(Buffer.from(']'));
  } else if (value !== null && typeof value === 'object') {
    out.push(Buffer.from('{'));
    Object.entries(value).forEach(([key, item], i) => {
      if (i > 0) out.push(Buffer.from(','));
      out.push(Buffer.from(`${JSON.stringify(key)}:`, 'utf8'));
      write(item, out);
    });
    out.push(Buffer.from('}'));
  } else out.push(Buffer.from(JSON.stringify(value) ?? 'null', 'utf8'));
}

/** The JSON type of a value: integer, number, string, boolean, null, array or object. */
export function jsonTypeOf(value: unknown): string {
  if (value instanceof RawJson) return value.jsonType;
  if (value instanceof RawBytes) return 'string';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
