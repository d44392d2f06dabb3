import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Button } from './button.tsx';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form.tsx';
import { Input } from './input.tsx';

const schema = z.object({ name: z.string().min(2, 'Name must be at least 2 characters') });
type Values = z.infer<typeof schema>;

function NameForm({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: '' } });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)}>
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Name</FormLabel>
              <FormControl>
                <Input {...field} />
              </FormControl>
              <FormDescription>Shown to your team.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit">Save</Button>
      </form>
    </Form>
  );
}

describe('Form', () => {
  it('labels the control and describes it by its description while the field is valid', () => {
    render(<NameForm onSubmit={vi.fn()} />);

    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).toHaveAccessibleDescription('Shown to your team.');
  });

  it('shows the zod message on an invalid field, marks it invalid and does not submit', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<NameForm onSubmit={onSubmit} />);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'A');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Shown to your team. Name must be at least 2 characters');
    expect(screen.getByText('Name')).toHaveAttribute('data-error', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears the message once the value becomes valid and submits the parsed values', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<NameForm onSubmit={onSubmit} />);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Atlas');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.queryByText('Name must be at least 2 characters')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'false');
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Atlas' }, expect.anything());
  });
});
