/** @jsxImportSource @emotion/react */
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderWithProviders as render } from '../../testing/render';
import { Table } from './Table';

const columnNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

describe('Table', () => {
  it('with columns, writes the header row (column headers) and takes the rows as its body', () => {
    render(
      <Table caption="Workspaces" columns={['Name', 'Projects', 'Created']}>
        <tr>
          <td>Acme</td>
          <td>3</td>
          <td>2026-11-29</td>
        </tr>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Workspaces' });
    expect(columnNames(table)).toEqual(['Name', 'Projects', 'Created']);
    expect(within(table).getAllByRole('columnheader')[0]).toHaveAttribute('scope', 'col');
    expect(within(table).getByRole('cell', { name: 'Acme' })).toBeInTheDocument();
    expect(within(table).getAllByRole('rowgroup')).toHaveLength(2);
  });

  it('without columns, takes the whole table from its children, still named by its caption', () => {
    render(
      <Table caption="Releases" showCaption>
        <thead>
          <tr>
            <th scope="col">App</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>marketing</td>
          </tr>
        </tbody>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Releases' });
    expect(columnNames(table)).toEqual(['App']);
    expect(within(table).getByRole('cell', { name: 'marketing' })).toBeInTheDocument();
  });
});
