import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { choose } from '../test/user-input.ts';
import { OptionSelect } from './option-select.tsx';

const phases = [
  { value: 'planning', label: 'Planning' },
  { value: 'testing', label: 'Testing' },
];

function renderFilter(value: string, onValueChange = vi.fn()) {
  const user = userEvent.setup();
  render(
    <OptionSelect
      aria-label="Filter by phase"
      allLabel="All Phases"
      value={value}
      onValueChange={onValueChange}
      options={phases}
    />,
  );
  return { user, onValueChange };
}

describe('OptionSelect', () => {
  it('shows its "All …" option while the filter is off, and hands back the option chosen', async () => {
    const { user, onValueChange } = renderFilter('');
    expect(screen.getByRole('combobox', { name: 'Filter by phase' })).toHaveTextContent('All Phases');

    await choose(user, 'Filter by phase', 'Testing');
    expect(onValueChange).toHaveBeenCalledWith('testing');
  });

  it('turns the filter off with "All …", which it hands back as an empty value', async () => {
    const { user, onValueChange } = renderFilter('planning');
    expect(screen.getByRole('combobox', { name: 'Filter by phase' })).toHaveTextContent('Planning');

    await choose(user, 'Filter by phase', 'All Phases');
    expect(onValueChange).toHaveBeenCalledWith('');
  });
});
