import { describe, expect, it } from '@jest/globals';
import { remoteParent, traceparentOf } from './traceparent';

// A traceparent from the internet is a parent id at most: anything else about it is not believed.

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('the caller named by a traceparent header', () => {
  it('is its trace and span id, its sampled flag dropped', () => {
    expect(remoteParent(`00-${TRACE}-${SPAN}-01`)).toEqual({
      traceId: TRACE,
      spanId: SPAN,
      traceFlags: 0,
      isRemote: true,
    });
  });

  it('is none for a header that is missing, repeated, malformed, all zeros or overlong', () => {
    for (const header of [
      undefined,
      [`00-${TRACE}-${SPAN}-01`, `00-${TRACE}-${SPAN}-01`],
      '',
      'garbage',
      `00-${TRACE.toUpperCase()}-${SPAN}-01`,
      `00-${'0'.repeat(32)}-${SPAN}-01`,
      `00-${TRACE}-${'0'.repeat(16)}-01`,
      `ff-${TRACE}-${SPAN}-01`,
      `00-${TRACE}-${SPAN}-01-${'x'.repeat(200)}`,
    ]) {
      expect(remoteParent(header)).toBeNull();
    }
  });

  it('is named to the next hop as version 00 with the span and its sampled flag', () => {
    expect(traceparentOf({ traceId: TRACE, spanId: SPAN, traceFlags: 1 })).toBe(`00-${TRACE}-${SPAN}-01`);
    expect(traceparentOf({ traceId: TRACE, spanId: SPAN, traceFlags: 0 })).toBe(`00-${TRACE}-${SPAN}-00`);
  });
});
