import { Button } from '@kloof/ui';

/** Previous / next with "Page x of y" for a paged list. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label={label}
      css={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '1rem',
        flexWrap: 'wrap',
        marginTop: '1rem',
      }}
    >
      <p css={(theme) => ({ margin: 0, color: theme.colors.textMuted, fontSize: '0.9375rem' })} aria-live="polite">
        Page {page} of {pages} · {total} in total
      </p>
      <div css={{ display: 'flex', gap: '0.5rem' }}>
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
