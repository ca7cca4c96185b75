import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import type { ReactElement } from 'react';
import { ThemeProvider } from '@kloof/ui';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** Renders a page at a path (with the providers the host gives), and a marker for where navigation went. */
export function renderPage(pattern: string, page: ReactElement, entry: InitialEntry) {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path={pattern} element={page} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
  );
}
