import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../lib/format.ts';
import { DueDateInput, dueDateTexts } from './due-date-input.tsx';

// A fixed clock: Wednesday 25 November 2026.
const NOW = new Date(2026, 10, 25, 10, 0, 0);

function Harness({ initial = '', onCommit }: { initial?: string; onCommit?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DueDateInput aria-label="Due date" value={value} onChange={setValue} onCommit={onCommit} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('DueDateInput', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads words as they are typed and shows the day they resolve to', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Due date'), 'fri');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-27');
    expect(screen.getByText(/Friday/)).toHaveAttribute('data-resolved', '2026-11-27');

    await user.clear(screen.getByLabelText('Due date'));
    await user.type(screen.getByLabelText('Due date'), 'in 3 days');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-28');
  });

  it('keeps words that name no date as typed (the form refuses them) and says so', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Due date'), 'whenever');
    expect(screen.getByTestId('value')).toHaveTextContent('whenever');
    expect(screen.getByText(dueDateTexts.noMatch)).toBeInTheDocument();
  });

  it('settles on Enter and on leaving the field, showing the date; an emptied field settles as none', async () => {
    const user = userEvent.setup();
    const onCommit = vi.fn();
    render(<Harness initial="2026-12-01" onCommit={onCommit} />);
    const field = screen.getByLabelText('Due date');
    expect(field).toHaveValue(formatDate('2026-12-01'));
    await user.clear(field);
    await user.type(field, 'tomorrow{Enter}');
    expect(onCommit).toHaveBeenLastCalledWith('2026-11-26');
    expect(field).toHaveValue(formatDate('2026-11-26'));
    await user.clear(field);
    await user.tab();
    expect(onCommit).toHaveBeenLastCalledWith('');
  });

  it('picks a day on the calendar', async () => {
    const user = userEvent.setup();
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} />);
    await user.click(screen.getByRole('button', { name: dueDateTexts.calendar }));
    const calendar = await screen.findByRole('grid');
    await user.click(within(calendar).getByRole('button', { name: /November 30/ }));
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-30');
    expect(onCommit).toHaveBeenCalledWith('2026-11-30');
  });
});
