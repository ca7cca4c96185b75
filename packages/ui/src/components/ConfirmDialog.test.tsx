/** @jsxImportSource @emotion/react */
import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders as render } from '../../testing/render';
import { ConfirmDialog } from './ConfirmDialog';

/** An action the test settles by hand, to look at the dialog while it runs. */
function pending() {
  let settle: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

function confirmDelete(props: { onConfirm?: () => Promise<void> | void; onCancel?: () => void; error?: string }) {
  return render(
    <ConfirmDialog
      title="Delete workspace?"
      confirmLabel="Delete workspace"
      onConfirm={props.onConfirm ?? (() => undefined)}
      onCancel={props.onCancel ?? (() => undefined)}
      error={props.error ?? null}
    >
      Its projects and links go with it.
    </ConfirmDialog>,
  );
}

describe('ConfirmDialog', () => {
  it('asks with Cancel focused, so Enter never deletes by accident', async () => {
    const onConfirm = jest.fn<() => void>();
    const onCancel = jest.fn();
    confirmDelete({ onConfirm, onCancel });
    expect(screen.getByRole('dialog', { name: 'Delete workspace?' })).toHaveTextContent(
      'Its projects and links go with it.',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('keeps the confirm button busy and disabled until the action settles', async () => {
    const action = pending();
    const onConfirm = jest.fn(() => action.promise);
    confirmDelete({ onConfirm });
    const confirm = screen.getByRole('button', { name: 'Delete workspace' });
    await userEvent.click(confirm);
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    action.settle();
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(confirm).not.toHaveAttribute('aria-busy');
  });

  it("shows a failed attempt's error inside the dialog, announced", () => {
    confirmDelete({ error: 'The workspace could not be deleted.' });
    expect(screen.getByRole('alert')).toHaveTextContent('The workspace could not be deleted.');
    expect(screen.getByRole('dialog')).toContainElement(screen.getByRole('alert'));
  });
});
