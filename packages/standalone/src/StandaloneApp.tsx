/** @jsxImportSource @emotion/react */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { BrowserRouter, Link, Outlet, Route, Routes } from 'react-router-dom';
import { checkAuth } from '@kloof/auth';
import type { Theme } from '@emotion/react';
import { AppToaster, GlobalStyles, Spinner, ThemeProvider, ThemeToggle } from '@kloof/ui';

export type PageLoaders = Record<string, () => Promise<{ default: ComponentType }>>;

const row = { display: 'flex', flexWrap: 'wrap', alignItems: 'center' } as const;
const hairline = (theme: Theme) => `1px solid ${theme.colors.border}`;

function Frame({ remote, pages }: { remote: string; pages: string[] }) {
  return (
    <div>
      <header css={(theme) => ({ ...row, gap: '1rem', padding: '0.75rem 1.25rem', borderBottom: hairline(theme) })}>
        <strong>{remote} (standalone)</strong>
        <nav aria-label="Pages of this remote" css={{ ...row, gap: '0.75rem', flex: 1 }}>
          {pages.map((name) => (
            <Link key={name} to={`/${name}`}>
              {name}
            </Link>
          ))}
        </nav>
        <ThemeToggle />
      </header>
      <main id="main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/** A remote's pages on their own, with the same providers the host gives them. */
export function StandaloneApp({ remote, loaders }: { remote: string; loaders: PageLoaders }) {
  const names = Object.keys(loaders).sort();
  // Made once: a new lazy component on every render would remount the page.
  const [pages] = useState(() => names.map((name) => ({ name, Page: lazy(loaders[name]!) })));
  useEffect(() => {
    void checkAuth();
  }, []);
  return (
    <ThemeProvider>
      <GlobalStyles />
      <BrowserRouter>
        <Routes>
          <Route element={<Frame remote={remote} pages={names} />}>
            <Route index element={<p css={{ padding: '1.25rem' }}>Choose a page above.</p>} />
            {pages.map(({ name, Page }) => (
              <Route key={name} path={`/${name}/*`} element={<Page />} />
            ))}
          </Route>
        </Routes>
      </BrowserRouter>
      <AppToaster />
    </ThemeProvider>
  );
}
