import { RawJson } from './json-bytes';

// Catalogues of bad values, for bodies, query strings, paths and ids.

export const CONTROL_CHARACTERS = [
  ...Array.from({ length: 32 }, (_, i) => i).filter((c) => c !== 9 && c !== 10 && c !== 13),
  ...Array.from({ length: 33 }, (_, i) => 0x7f + i),
].map((c) => String.fromCharCode(c));

/** Byte sequences that are not UTF-8: stray continuation, overlong NUL, encoded surrogate, > U+10FFFF... */
export const NOT_UTF8 = [
  [0xff],
  [0xfe],
  [0x80],
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
].map((b) => Buffer.from(b));

/** The same, percent-encoded for a query string or path, plus broken escapes. */
export const BAD_PERCENT_ENCODINGS = [
  '%',
  '%Z',
  '%ZZ',
  '%G0',
  'a%',
  '%%',
  '%FF',
  '%C0%80',
  '%ED%A0%80',
  '%ED%BF%BF',
  '%E2%82',
  '%F4%90%80%80',
];

export const deepArray = (depth: number) => new RawJson('['.repeat(depth) + ']'.repeat(depth), 'array');
export const deepObject = (depth: number) => new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth), 'object');

/** Values of every JSON type, with the awkward numbers; a field gets those its schema does not allow. */
export const ANY_VALUES: unknown[] = [
  0,
  -1,
  1.5,
  -0.000001,
  2 ** 53 + 2,
  1e308,
  -1e308,
  new RawJson('1e999', 'number'),
  new RawJson('-1e999', 'number'),
  new RawJson('123456789012345678901234567890', 'integer'),
  new RawJson('1E+400', 'number'),
  new RawJson('-0', 'integer'),
  new RawJson('1e2', 'integer'),
  true,
  false,
  null,
  [],
  ['x'],
  [null],
  {},
  { a: 1 },
  { $ne: null },
  deepArray(2_000),
  deepObject(2_000),
  '',
  '1',
  '-1',
  'true',
  'false',
  'null',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e20',
  '0x10',
  ' 1 ',
];

/** Ids in every spelling but the canonical one (and things that are not ids at all). */
export const ODD_IDS: ((id: string) => string)[] = [
  (id) => `urn:uuid:${id}`,
  (id) => `urn%3Auuid%3A${id}`,
  (id) => `URN:UUID:${id}`,
  (id) => `{${id}}`,
  (id) => `%7B${id}%7D`,
  (id) => id.toUpperCase(),
  (id) => `%20${id}`,
  (id) => `${id}%20`,
  (id) => `%09${id}`,
  (id) => `${id}%0A`,
  (id) => `${id}%00`,
  () => `%00`,
  (id) => id.replace(/-/g, ''),
  (id) => `${id}0`,
  (id) => id.slice(0, -1),
  (id) => `${id.slice(0, -1)}g`,
  (id) => `${id.slice(0, 8)}${id.slice(9, 10)}-${id.slice(10)}`,
  (id) => id.repeat(40),
  () => '0'.repeat(5_000),
  (id) => `%E2%80%8B${id}`,
  (id) => `${id}%2F..`,
  () => `%2E%2E`,
  () => '..',
  () => '-1',
  () => '0',
  () => '1e20',
  () => 'NaN',
  () => 'null',
  () => 'undefined',
  () => 'true',
  () => '%5B%5D',
  () => '%ED%A0%80',
  () => '%ZZ',
  () => '%FF',
];

export const BAD_EMAILS = [
  'plainaddress',
  '@example.com',
  'fuzz@',
  'fuzz@@example.com',
  'fu zz@example.com',
  'fuzz@exa mple.com',
  'fuzz@-example.com',
  'fuzz@example.com.',
  'fuzz@example.com\n',
  '"fuzz"@example.com',
  'fuzz@[127.0.0.1',
];
