import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { Form } from '../components/ui/form.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { ApiRequestError } from '../lib/api-client.ts';
import { toast } from '../lib/toast.ts';
import { useServerForm } from './use-server-form.ts';

vi.mock('../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const NameSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(2, 'Name must be at least 2 characters')),
  code: z.string(),
});
type Name = z.infer<typeof NameSchema>;

function NameForm({
  submit,
  onSuccess = () => {},
  failureFallback,
}: {
  submit: (values: Name) => Promise<string>;
  onSuccess?: (result: string, values: Name) => void;
  failureFallback?: string;
}) {
  const { form, onSubmit } = useServerForm<Name, Name, string>({
    schema: NameSchema,
    defaultValues: { name: '', code: '' },
    fields: ['name', 'code'],
    codeToField: { CODE_TAKEN: 'code' },
    submit,
    onSuccess,
    failureTitle: 'Failed to save',
    failureFallback,
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate>
        <TextField control={form.control} name="name" label="Name" />
        <TextField control={form.control} name="code" label="Code" />
        <button type="submit">Save</button>
      </form>
    </Form>
  );
}

function serverError(status: number, body: Record<string, unknown>) {
  return new ApiRequestError(String(body.message), { status, body: { error: 'Error', ...body } });
}

async function fillAndSave(name: string, code = 'c1') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), name);
  await user.type(screen.getByLabelText('Code'), code);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

afterEach(() => vi.clearAllMocks());

describe('useServerForm', () => {
  it('checks the values against the schema and sends nothing when they fail', async () => {
    const submit = vi.fn();
    render(<NameForm submit={submit} />);
    await fillAndSave('a');
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the parsed values and hands the answer to onSuccess', async () => {
    const submit = vi.fn().mockResolvedValue('saved');
    const onSuccess = vi.fn();
    render(<NameForm submit={submit} onSuccess={onSuccess} />);
    await fillAndSave('  Alpha ');
    await waitFor(() =>
      expect(onSuccess).toHaveBeenCalledWith('saved', { name: 'Alpha', code: 'c1' }, expect.anything()),
    );
    expect(submit).toHaveBeenCalledWith({ name: 'Alpha', code: 'c1' }, expect.anything());
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on their fields and focuses the first, without a toast", async () => {
    const submit = vi.fn().mockRejectedValue(
      serverError(400, {
        message: 'Invalid input',
        code: 'VALIDATION',
        details: { fields: { name: ['Name is taken'] } },
      }),
    );
    render(<NameForm submit={submit} />);
    await fillAndSave('Alpha');
    expect(await screen.findByText('Name is taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('puts an error code that belongs to one field on that field', async () => {
    const submit = vi
      .fn()
      .mockRejectedValue(serverError(409, { message: 'Code already used', code: 'CODE_TAKEN' }));
    render(<NameForm submit={submit} />);
    await fillAndSave('Alpha');
    expect(await screen.findByText('Code already used')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("toasts the failure title with the server's message when no field can hold it", async () => {
    const submit = vi
      .fn()
      .mockRejectedValue(serverError(403, { message: 'Forbidden here', code: 'FORBIDDEN' }));
    const onSuccess = vi.fn();
    render(<NameForm submit={submit} onSuccess={onSuccess} failureFallback="Could not save" />);
    await fillAndSave('Alpha');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to save', { description: 'Forbidden here' }),
    );
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('toasts the fallback when the answer has no message of ours', async () => {
    const submit = vi
      .fn()
      .mockRejectedValue(new ApiRequestError('Bad Gateway', { status: 502, body: '<html>' }));
    render(<NameForm submit={submit} failureFallback="Could not save" />);
    await fillAndSave('Alpha');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to save', { description: 'Could not save' }),
    );
  });
});
