import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog, FormDialogForm, type FormDialogLayout } from './form-dialog.tsx';
import { TextField } from './ui/text-field.tsx';

function NameForm({ pending }: { pending: boolean }) {
  const form = useForm({ defaultValues: { name: '' } });
  return (
    <FormDialogForm
      form={form}
      onSubmit={form.handleSubmit(() => {})}
      title="Rename"
      description="Give it another name."
      pending={pending}
      submitLabel="Save"
    >
      <TextField control={form.control} name="name" label="Name" />
    </FormDialogForm>
  );
}

function renderDialog({ pending = false, layout }: { pending?: boolean; layout?: FormDialogLayout } = {}) {
  const onOpenChange = vi.fn();
  const ui = (saving: boolean) => (
    <FormDialog open onOpenChange={onOpenChange} layout={layout}>
      <NameForm pending={saving} />
    </FormDialog>
  );
  const result = render(ui(pending));
  return {
    ...result,
    user: userEvent.setup(),
    onOpenChange,
    rerenderWith: (saving: boolean) => result.rerender(ui(saving)),
  };
}

describe('FormDialog with a FormDialogForm', () => {
  it('is named and described by the form’s title and description, with Cancel and the submit label', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Rename' });
    expect(dialog).toHaveAccessibleDescription('Give it another name.');
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
  });

  it('stays open on Escape while the form saves, and closes once the save is over', async () => {
    const { user, onOpenChange, rerenderWith } = renderDialog({ pending: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    await user.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Rename' })).toBeInTheDocument();

    rerenderWith(false);
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('puts the header and the footer between rules around the fields in the sections layout', () => {
    renderDialog({ layout: 'sections' });
    const dialog = screen.getByRole('dialog', { name: 'Rename' });
    expect(dialog).toHaveClass('p-0');
    expect(screen.getByText('Rename').parentElement).toHaveClass('border-b');
    expect(screen.getByRole('button', { name: 'Save' }).parentElement).toHaveClass('border-t');
  });
});
