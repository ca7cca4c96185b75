import { Outlet } from 'react-router-dom';
import { PublicHeader } from './PublicHeader';
import { PublicFooter } from './PublicFooter';
import { SkipLink } from './SkipLink';

/** Skip link, sticky header, content, footer (spec point 2). */
export function PublicLayout() {
  return (
    <div css={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <PublicHeader />
      <main id="main" tabIndex={-1} css={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
