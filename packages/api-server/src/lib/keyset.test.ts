import { INVALID_CURSOR_MESSAGE } from '@kloof/api-contract/constants';
import { decodeCursor, encodeCursor, pageFrom } from './keyset';

const key = ['2026-11-29T01:00:00.000Z', '0b9c1a52-6f0e-4a8e-9d8e-0a1b2c3d4e5f'];

describe('keyset cursors', () => {
  it('give back the sort key they were made from', () => {
    expect(decodeCursor(encodeCursor(key), ['date', 'uuid'])).toEqual(key);
  });

  it.each([
    ['not base64url JSON', 'bm90IGpzb24'],
    ['a key of another shape', encodeCursor(['x'])],
    ['a key with a part of the wrong kind', encodeCursor(['yesterday', key[1]!])],
    ['an object instead of a key', Buffer.from('{"a":1}').toString('base64url')],
  ])('refuse %s with a 400 that says to start again', (_, cursor) => {
    expect(() => decodeCursor(cursor, ['date', 'uuid'])).toThrow(
      expect.objectContaining({ statusCode: 400, message: INVALID_CURSOR_MESSAGE }),
    );
  });
});

describe('a page from limit + 1 rows', () => {
  const rows = [1, 2, 3].map((n) => ({ n }));
  it('names the last row shown as next when a row is left over', () => {
    const page = pageFrom(
      rows,
      2,
      (row) => [row.n],
      (row) => row.n,
    );
    expect(page.items).toEqual([1, 2]);
    expect(decodeCursor(page.next!, ['int'])).toEqual([2]);
  });
  it('says next: null on the last page', () => {
    expect(
      pageFrom(
        rows,
        3,
        (row) => [row.n],
        (row) => row.n,
      ),
    ).toEqual({ items: [1, 2, 3], next: null });
  });
});
