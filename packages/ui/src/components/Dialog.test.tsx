/** @jsxImportSource @emotion/react */
import { describe, expect, it, jest } from '@jest/globals';
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders as render } from '../../testing/render';
import { Dialog, DialogActions } from './Dialog';

function RenameDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Rename workspace" onClose={onClose}>
      <label>
        Name <input autoFocus />
      </label>
      <DialogActions>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button">Save</button>
      </DialogActions>
    </Dialog>
  );
}

/** A page with a button that opens the dialog, as screens use it. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rename
      </button>
      {open ? <RenameDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

describe('Dialog', () => {
  it('is a dialog named by its title, with the focus on its first field', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.getByRole('dialog', { name: 'Rename workspace' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('gives the focus back to what opened it when it closes', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Rename' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside: past the last control to the first, and Shift+Tab back to the last', async () => {
    render(
      <>
        <RenameDialog onClose={() => undefined} />
        <button type="button">Behind the dialog</button>
      </>,
    );
    const name = screen.getByRole('textbox', { name: 'Name' });
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    await userEvent.tab();
    expect(name).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(save).toHaveFocus();
  });

  it('counts a radio group as one Tab stop, its checked radio', async () => {
    render(
      <Dialog title="Role" onClose={() => undefined}>
        <button type="button">Help</button>
        <label>
          <input type="radio" name="role" defaultChecked /> Admin
        </label>
        <label>
          <input type="radio" name="role" /> Member
        </label>
      </Dialog>,
    );
    screen.getByRole('radio', { name: 'Admin' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Help' })).toHaveFocus();
  });

  it('asks its owner to close on Escape (the cancel event) instead of closing itself', () => {
    const onClose = jest.fn();
    render(<RenameDialog onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(cancel.defaultPrevented).toBe(true);
  });

  it('closes on a click on the backdrop, not on a click inside', async () => {
    const onClose = jest.fn();
    render(<RenameDialog onClose={onClose} />);
    await userEvent.click(screen.getByRole('heading', { name: 'Rename workspace' }));
    expect(onClose).not.toHaveBeenCalled();
    // A click on the backdrop lands on the <dialog> element itself.
    await userEvent.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
