import fc from 'fast-check';
import { BAD_PERCENT_ENCODINGS, CONTROL_CHARACTERS, ODD_IDS } from './bad-values';
import type { Draft, Mutation } from './draft';
import type { Operation, Parameter } from './openapi';

// Mutations of the query string and the path.

const encode = (text: string) => encodeURIComponent(text);

function badQueryValues(param: Parameter): fc.Arbitrary<{ raw: string; what: string }>[] {
  const s = param.schema;
  const out: fc.Arbitrary<{ raw: string; what: string }>[] = [];
  if (s.type === 'integer' || s.type === 'number') {
    const min = s.minimum ?? -Infinity;
    // Integer query fields need a maximum: `page=1e20` became an OFFSET PostgreSQL cannot hold.
    const max = s.maximum ?? 2 ** 31 - 1;
    const texts = [
      'abc',
      '',
      '1.5',
      '1e2',
      '1e20',
      '1E400',
      '0x10',
      '0b1',
      '0o7',
      '1_0',
      ' 5',
      '5 ',
      '+5',
      'NaN',
      'Infinity',
      '-Infinity',
      '99999999999999999999',
      '-99999999999999999999',
      String(max + 1),
      String(Number.isFinite(min) ? min - 1 : -(2 ** 31) - 1),
      '１',
      'null',
      '[]',
      'true',
    ].filter((t) => !/^-?[0-9]+$/.test(t) || Number(t) < min || Number(t) > max);
    out.push(fc.constantFrom(...texts).map((t) => ({ raw: encode(t), what: `number ${JSON.stringify(t)}` })));
  }
  if (s.type === 'string' || s.type === undefined) {
    const base = s.format === 'uuid' ? '6d1f0a52-3c4e-4f3a-9b7e-2a1c5d8e9f00' : 'fuzz';
    out.push(fc.constantFrom(...CONTROL_CHARACTERS).map((c) => ({ raw: encode(base + c), what: 'control character' })));
    if (s.maxLength !== undefined) {
      const n = s.maxLength + 1;
      out.push(fc.constant({ raw: 'a'.repeat(n), what: `longer than ${s.maxLength}` }));
    }
    if (s.format === 'uuid') {
      out.push(fc.constantFrom(...ODD_IDS).map((odd) => ({ raw: odd(base), what: 'odd id form' })));
    }
    if (s.enum) out.push(fc.constant({ raw: 'not-in-enum', what: 'not in the enum' }));
  }
  return out;
}

export function queryMutations(op: Operation, base: Draft): Mutation[] {
  const out: Mutation[] = [];
  const params = op.queryParams;
  const withQuery = (query: string[], mutation: string, names: string[], extra: Partial<Draft> = {}): Draft => ({
    ...base,
    query,
    mutation,
    names,
    ...extra,
  });
  if (params.length) {
    out.push(
      fc
        .constantFrom(...params)
        .chain((p) =>
          fc
            .oneof(...badQueryValues(p))
            .map((bad) => withQuery([`${p.name}=${bad.raw}`], `query.${p.name}: ${bad.what}`, [p.name])),
        ),
      // Declared once, sent twice: the schema wants one value, not a list.
      fc.constantFrom(...params).map((p) => {
        const v = encode(String(validQueryValue(p)));
        return withQuery([`${p.name}=${v}`, `${p.name}=${v}`], `query.${p.name}: sent twice`, [p.name]);
      }),
      // Operations that declare query parameters refuse undeclared ones.
      fc
        .stringMatching(/^[a-z][a-zA-Z0-9_]{0,16}$/)
        .filter((k) => !params.some((p) => p.name === k))
        .map((k) => withQuery([`${k}=1`], `query: undeclared ${k}`, [k])),
    );
  }
  // Broken percent-encoding is refused on every route, declared parameter or not; raw bytes above
  // 0x7f in the request line are refused by the HTTP parser, which then closes the connection.
  out.push(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .tuple(fc.constantFrom(params[0]?.name ?? 'q', 'x'), fc.constantFrom(...BAD_PERCENT_ENCODINGS), fc.boolean())
          .map(([k, bad, inKey]) =>
            withQuery(
              [inKey ? `${bad}=1` : `${k}=${bad}`],
              `query: bad encoding ${bad}`,
              inKey ? ['querystring'] : [k, 'querystring'],
            ),
          ),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('\u00ff', '\u00c3\u00a9', '\u0080', '\u00ed\u00a0\u0080')
          .map((bytes) =>
            withQuery([`x=${bytes}`], 'query: raw bytes', ['Client Error', 'querystring'], { fresh: true }),
          ),
      },
    ),
  );
  return out;
}

function validQueryValue(p: Parameter): unknown {
  const s = p.schema;
  if (s.type === 'integer' || s.type === 'number') return s.minimum ?? 1;
  if (s.format === 'uuid') return '6d1f0a52-3c4e-4f3a-9b7e-2a1c5d8e9f00';
  return 'fuzz';
}

export function pathMutations(op: Operation, base: Draft): Mutation[] {
  const out: Mutation[] = [];
  for (const p of op.pathParams) {
    const current = base.params[p.name] as string;
    const names = [p.name, 'URL path'];
    if (p.schema.format === 'uuid') {
      out.push(
        fc.constantFrom(...ODD_IDS).map((odd) => ({
          ...base,
          params: { ...base.params, [p.name]: odd(current) },
          mutation: `path.${p.name}: odd id`,
          names,
        })),
        fc.uuid({ version: 4 }).map((id) => ({
          ...base,
          params: { ...base.params, [p.name]: id },
          mutation: `path.${p.name}: id of no row`,
          names,
        })),
      );
    }
    out.push(
      fc
        .oneof(
          fc.constantFrom(...CONTROL_CHARACTERS).map((c) => encode(current + c)),
          fc.constantFrom(...BAD_PERCENT_ENCODINGS.filter((b) => b !== '%%')),
          fc.constant('a'.repeat(10_000)),
        )
        .map((value) => ({
          ...base,
          params: { ...base.params, [p.name]: value },
          mutation: `path.${p.name}: bad text`,
          names,
        })),
    );
  }
  return out;
}
