import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field.tsx';
import { Form } from './ui/form.tsx';

const teams = [
  { value: 't1', label: 'Alpha' },
  { value: 't2', label: 'Beta' },
];

function TeamForm({
  initial = '',
  noneLabel,
  disabled,
  onValues = () => {},
}: {
  initial?: string;
  noneLabel?: string;
  disabled?: boolean;
  onValues?: (values: { teamId: string }) => void;
}) {
  const form = useForm<{ teamId: string }>({ defaultValues: { teamId: initial } });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onValues)}>
        <SelectField
          control={form.control}
          name="teamId"
          label="Team"
          placeholder={disabled ? 'Loading...' : 'Pick a team'}
          options={teams}
          noneLabel={noneLabel}
          disabled={disabled}
        />
        <button type="submit">Save</button>
      </form>
    </Form>
  );
}

describe('SelectField', () => {
  it('shows the placeholder when nothing is chosen and there is no none option', () => {
    render(<TeamForm />);
    expect(screen.getByRole('combobox', { name: 'Team' })).toHaveTextContent('Pick a team');
  });

  it("shows the none option's label for an empty value and stores '' when it is chosen", async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    render(<TeamForm initial="t1" noneLabel="No team" onValues={onValues} />);
    const select = screen.getByRole('combobox', { name: 'Team' });
    expect(select).toHaveTextContent('Alpha');

    await user.click(select);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No team',
      'Alpha',
      'Beta',
    ]);
    await user.click(screen.getByRole('option', { name: 'No team' }));
    expect(select).toHaveTextContent('No team');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValues).toHaveBeenCalledWith({ teamId: '' }, expect.anything());
  });

  it('stores the chosen value', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    render(<TeamForm noneLabel="No team" onValues={onValues} />);
    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    await user.click(screen.getByRole('option', { name: 'Beta' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValues).toHaveBeenCalledWith({ teamId: 't2' }, expect.anything());
  });

  it('shows the placeholder, not the value, while disabled', () => {
    render(<TeamForm initial="t1" noneLabel="No team" disabled />);
    const select = screen.getByRole('combobox', { name: 'Team' });
    expect(select).toBeDisabled();
    expect(select).toHaveTextContent('Loading...');
  });
});
