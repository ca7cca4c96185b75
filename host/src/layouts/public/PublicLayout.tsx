import { Outlet } from 'react-router-dom';
import { PublicHeader } from './PublicHeader';
import { PublicFooter } from './PublicFooter';

/** Sticky header, content, footer. */
export function PublicLayout() {
  return (
    <div css={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <PublicHeader />
      <main id="main" tabIndex={-1} css={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
