// The kit's footer row and refusal: what staff tap at the end of every dialog and form.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Check } from './Check';
import { Dialog } from './Dialog';
import { Form } from './Form';
import { DialogActions, Refusal } from './DialogActions';

afterEach(cleanup);

describe('DialogActions', () => {
  it('leaves out the actions that do not apply and keeps the declared order', () => {
    render(
      <DialogActions
        actions={[
          false,
          { label: 'Back', tone: 'quiet', onClick: () => undefined },
          null,
          { label: 'Book', tone: 'go', large: true },
        ]}
      />,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Back', 'Book']);
    expect(buttons[0]!.className).toBe('btn btn-quiet');
    expect(buttons[1]!.className).toBe('btn btn-go btn-large');
    expect(buttons[0]!.parentElement!.className).toBe('dialog-actions');
  });

  it('an action without onClick submits its form; one with onClick does not', () => {
    const submitted = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const back = vi.fn();
    render(
      <form onSubmit={submitted}>
        <DialogActions
          start
          actions={[
            { label: 'Save', tone: 'primary' },
            { label: 'Keep', tone: 'quiet', onClick: back },
          ]}
        />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(back).toHaveBeenCalledTimes(1);
    expect(submitted).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Save' }).parentElement!.className).toBe(
      'dialog-actions start',
    );
  });

  it('a disabled action cannot be tapped', () => {
    const book = vi.fn();
    render(
      <DialogActions actions={[{ label: 'Book', tone: 'go', disabled: true, onClick: book }]} />,
    );
    const button = screen.getByRole('button', { name: 'Book' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(book).not.toHaveBeenCalled();
  });

  it("a dialog opens with focus on the footer's autofocus action, not on Cancel", () => {
    render(
      <Dialog title="Accept order #1" onClose={() => undefined}>
        <DialogActions
          actions={[
            { label: 'Cancel', tone: 'quiet', onClick: () => undefined },
            { label: 'Accept · 15 min', tone: 'go', large: true, autofocus: true },
          ]}
        />
      </Dialog>,
    );
    expect(document.activeElement?.textContent).toBe('Accept · 15 min');
  });
});

describe('Refusal', () => {
  it('says nothing while there is no refusal, and names what failed first', () => {
    const { rerender } = render(<Refusal text={null} what="Booking failed" />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<Refusal text="The address is outside the area" what="Booking failed" />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Booking failed: The address is outside the area',
    );
  });
});

describe('Check', () => {
  it('hands the new value to its owner when the line is tapped', () => {
    const change = vi.fn();
    render(<Check label="Start with the computer" checked={false} onChange={change} />);
    fireEvent.click(screen.getByText('Start with the computer'));
    expect(change).toHaveBeenCalledWith(true);
  });
});

describe('Form', () => {
  it('runs its handler on Enter or the submit button, once each, and never lets the page reload', () => {
    const send = vi.fn();
    render(
      <Form label="Connection" onSubmit={send}>
        <input aria-label="Relay" />
        <DialogActions actions={[{ label: 'Save', tone: 'primary' }]} />
      </Form>,
    );
    const form = screen.getByRole('form', { name: 'Connection' });
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]).toEqual([]);
  });
});
