/** @jsxImportSource @emotion/react */
import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders as render } from '../../testing/render';
import { SearchField } from './SearchField';

describe('SearchField', () => {
  it('asks once typing pauses, with the trimmed text, not once per letter', async () => {
    const onSearch = jest.fn<(text: string) => void>();
    render(<SearchField label="Search workspaces" value="" onSearch={onSearch} />);
    const field = screen.getByRole('searchbox', { name: 'Search workspaces' });
    await userEvent.type(field, ' acme ');
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('acme'));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('starts with the search in force and asks nothing until it changes', async () => {
    const onSearch = jest.fn<(text: string) => void>();
    render(<SearchField label="Search workspaces" value="acme" onSearch={onSearch} />);
    const field = screen.getByRole('searchbox', { name: 'Search workspaces' });
    expect(field).toHaveValue('acme');
    await userEvent.clear(field);
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith(''));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});
