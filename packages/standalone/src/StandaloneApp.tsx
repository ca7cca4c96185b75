/** @jsxImportSource @emotion/react */
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { checkAuth } from '@kloof/auth';
import { AppToaster, GlobalStyles, Spinner, ThemeProvider, ThemeToggle } from '@kloof/ui';

export type PageLoaders = Record<string, () => Promise<{ default: ComponentType }>>;

function Frame({ remote, pages }: { remote: string; pages: string[] }) {
  return (
    <div>
      <header
        css={(theme) => ({
          display: 'flex',
          gap: '1rem',
          alignItems: 'center',
          padding: '0.75rem 1.25rem',
          borderBottom: `1px solid ${theme.colors.border}`,
          flexWrap: 'wrap',
        })}
      >
        <strong>{remote} (standalone)</strong>
        <nav aria-label="Pages of this remote" css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', flex: 1 }}>
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
  const router = createBrowserRouter([
    {
      element: <Frame remote={remote} pages={names} />,
      children: [
        { index: true, element: <p css={{ padding: '1.25rem' }}>Choose a page above.</p> },
        ...names.map((name) => {
          const Page = lazy(loaders[name]!);
          return { path: `/${name}/*`, element: <Page /> };
        }),
      ],
    },
  ]);
  useEffect(() => {
    void checkAuth();
  }, []);
  return (
    <ThemeProvider>
      <GlobalStyles />
      <RouterProvider router={router} />
      <AppToaster />
    </ThemeProvider>
  );
}
