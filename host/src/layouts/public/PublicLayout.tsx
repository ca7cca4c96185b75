import { Outlet } from 'react-router-dom';
import { PublicHeader } from './PublicHeader';
import { PublicFooter } from './PublicFooter';
import { SkipLink } from './SkipLink';
import { HEADER_HEIGHT } from './layout-metrics';

/** Skip link, sticky header, content, footer; every path change scrolls to the top. */
export function PublicLayout() {
  return (
    <div css={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <PublicHeader />
      {/* At least one screen tall: the footer starts below the fold, so it does not jump down (layout
          shift) when a remote page arrives after the layout. */}
      <main id="main" tabIndex={-1} css={{ flex: 1, minHeight: `calc(100vh - ${HEADER_HEIGHT})`, outline: 'none' }}>
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
