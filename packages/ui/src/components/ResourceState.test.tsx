/** @jsxImportSource @emotion/react */
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithProviders as render } from '../../testing/render';
import type { Resource } from '../hooks/use-resource';
import { ResourceState } from './ResourceState';
import { Table } from './Table';

type Names = string[] | { items: string[] };

const loaded = (data: Names): Resource<Names> => ({
  data,
  error: null,
  loading: false,
  reload: () => {},
  setData: () => {},
});

function List({ resource }: { resource: Resource<Names> }) {
  return (
    <ResourceState resource={resource} what="the names" errorText={() => 'offline'} empty={<p>No names yet</p>}>
      {(data) => <p>{(Array.isArray(data) ? data : data.items).join(', ')}</p>}
    </ResourceState>
  );
}

describe('ResourceState with an empty state', () => {
  it('shows the empty state for an empty list and for an empty page of one', () => {
    const { unmount } = render(<List resource={loaded([])} />);
    expect(screen.getByText('No names yet')).toBeInTheDocument();
    unmount();
    render(<List resource={loaded({ items: [] })} />);
    expect(screen.getByText('No names yet')).toBeInTheDocument();
  });

  it('shows the content once there is something in it', () => {
    render(<List resource={loaded({ items: ['Ann', 'Ben'] })} />);
    expect(screen.getByText('Ann, Ben')).toBeInTheDocument();
    expect(screen.queryByText('No names yet')).not.toBeInTheDocument();
  });
});

describe('Table with columns', () => {
  it('writes one column header per name and puts the rows in the body', () => {
    render(
      <Table caption="Invoices" columns={['Number', 'Amount']}>
        <tr>
          <td>INV-1</td>
          <td>R 100</td>
        </tr>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Invoices' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Number', 'Amount']);
    expect(table.querySelector('tbody')?.textContent).toBe('INV-1R 100');
  });
});
