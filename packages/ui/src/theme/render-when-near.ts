/**
 * For blocks that usually start below the first screen (page sections, the footer): the browser
 * skips their layout and paint until they come near the viewport, which halves the layout of a
 * long page's first render. `auto` keeps each block's real height once rendered, so scrolling
 * back never jumps; the reserved height before that is a typical section's.
 */
export const renderWhenNear = { contentVisibility: 'auto', containIntrinsicSize: 'auto 40rem' } as const;
