import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InlineRename } from './inline-rename.tsx';

function setup(value = 'Bug') {
  const onRename = vi.fn();
  const onDone = vi.fn();
  const view = render(<InlineRename value={value} onRename={onRename} onDone={onDone} aria-label="Name" />);
  return {
    onRename,
    onDone,
    field: screen.getByRole('textbox', { name: 'Name' }),
    user: userEvent.setup(),
    ...view,
  };
}

describe('InlineRename', () => {
  it('saves a changed name once on Enter, keeps focus, and does not save it again on leaving', async () => {
    const { onRename, onDone, field, user } = setup();
    await user.clear(field);
    await user.type(field, '  Defect  {Enter}');
    expect(onRename).toHaveBeenCalledExactlyOnceWith('Defect');
    expect(onDone).toHaveBeenCalledWith(true);
    expect(field).toHaveFocus();
    await user.tab();
    expect(onRename).toHaveBeenCalledTimes(1);
  });

  it('puts the stored name back on Escape and for an empty name, saving nothing', async () => {
    const { onRename, field, user } = setup();
    await user.clear(field);
    await user.type(field, 'Defect{Escape}');
    expect(field).toHaveValue('Bug');
    await user.clear(field);
    await user.tab();
    expect(field).toHaveValue('Bug');
    expect(onRename).not.toHaveBeenCalled();
  });

  it('shows a new name from the server unless the field is being edited', async () => {
    const { field, user, rerender, onRename } = setup();
    rerender(<InlineRename value="Defect" onRename={onRename} aria-label="Name" />);
    expect(field).toHaveValue('Defect');
    await user.click(field);
    await user.type(field, '!');
    rerender(<InlineRename value="Issue" onRename={onRename} aria-label="Name" />);
    expect(field).toHaveValue('Defect!');
  });
});
