import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { type GateRefusal, GateRefusalDialog } from './gate-refusal-dialog.tsx';

const unmet = [
  { id: 'c-1', kind: 'manual', label: 'Release notes written', stage: 'testing' },
  { id: 'c-2', kind: 'no_label', label: 'No blockers', stage: 'testing' },
];
const refusal = (canOverride: boolean, retry = vi.fn(async () => undefined)): GateRefusal => ({
  productId: 'p-1',
  message: 'The product cannot leave Testing: 2 exit criteria are not met',
  details: { unmet, canOverride },
  retry,
});

describe('GateRefusalDialog', () => {
  it('lists the unmet criteria and overrides with a required reason', async () => {
    const retry = vi.fn(async () => undefined);
    const onOpenChange = vi.fn();
    renderWithProviders(<GateRefusalDialog refusal={refusal(true, retry)} onOpenChange={onOpenChange} />);
    const dialog = await screen.findByRole('dialog', { name: 'The stage gate is not met' });
    const list = within(dialog).getByRole('list', { name: 'Unmet exit criteria' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Release notes writtenTesting · Confirm by hand',
      'No blockersTesting · No open task with label',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Override and move' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A reason is required to override the stage gate',
    );
    expect(retry).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText('Reason for the override'), 'Hotfix for a customer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Override and move' }));
    expect(retry).toHaveBeenCalledWith({ reason: 'Hotfix for a customer' });
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('offers no override to those who may not, and says who may', async () => {
    renderWithProviders(<GateRefusalDialog refusal={refusal(false)} onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'The stage gate is not met' });
    expect(within(dialog).queryByRole('button', { name: 'Override and move' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/ask an admin or the product’s creator/)).toBeInTheDocument();
  });

  it('shows why a retried move failed and stays open', async () => {
    const retry = vi.fn(async () => {
      throw new Error('Only an admin or the product’s creator may override a stage gate');
    });
    const onOpenChange = vi.fn();
    renderWithProviders(<GateRefusalDialog refusal={refusal(true, retry)} onOpenChange={onOpenChange} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason for the override'), 'Because');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Override and move' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only an admin');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
