import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { productOptionsPage } from '../../../test/product-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { choose, fill } from '../../../test/user-input.ts';
import { AddServiceDialog } from './add-service-dialog.tsx';
import { makeService } from './test-services.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const CREATE = 'POST /api/services';
const PRODUCTS = 'GET /api/projects';
const ZETA = '0b8f6a3e-5a1c-4e0b-9a57-2f1d3c4b5a60';
const APOLLO = '7c2e9d41-3b6f-4a8e-8d12-9e0f1a2b3c4d';
const products = productOptionsPage({ id: ZETA, name: 'Zeta' }, { id: APOLLO, name: 'Apollo' });

function renderDialog() {
  const onOpenChange = vi.fn();
  const result = renderWithProviders(<AddServiceDialog open onOpenChange={onOpenChange} />);
  return { ...result, onOpenChange };
}

// Several selects and a dialog per test: slow on a busy machine, not stuck.
describe('AddServiceDialog', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('has the spec fields, the API key masked, and the products to tick', async () => {
    routeFetch({ [PRODUCTS]: jsonResponse(200, products) });
    const { user } = renderDialog();

    const dialog = screen.getByRole('dialog', { name: 'Add Service' });
    expect(within(dialog).getByLabelText('Service Name')).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent('Select a category');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Integration Type' })).toHaveTextContent(
      'Select a type',
    );
    expect(within(dialog).getByLabelText('API Key')).toHaveAttribute('type', 'password');
    expect(within(dialog).queryByLabelText('Webhook URL')).not.toBeInTheDocument();

    const group = within(dialog).getByRole('group', { name: 'Used by products' });
    expect(
      (await within(group).findAllByRole('checkbox')).map((box) => box.closest('li')?.textContent),
    ).toEqual(['Apollo', 'Zeta']);

    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Development',
      'Infrastructure',
      'Communication',
      'Project Management',
      'Analytics',
      'Monitoring',
      'Payment',
    ]);
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('combobox', { name: 'Integration Type' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Direct API',
      'SDK',
      'Webhook',
      'Script Integration',
      'Agent',
    ]);
  });

  it('refuses a missing name, category and integration type, and sends nothing', async () => {
    const fetchMock = routeFetch({ [PRODUCTS]: jsonResponse(200, products) });
    const { user } = renderDialog();

    await user.click(screen.getByRole('button', { name: 'Add Service' }));

    expect(await screen.findByText('Service name is required')).toBeInTheDocument();
    expect(screen.getByText('Please select a category.')).toBeInTheDocument();
    expect(screen.getByText('Please select an integration type.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/services')).toEqual([]);
  });

  it("saves the service with its products, toasts 'Service added' and closes", async () => {
    const fetchMock = routeFetch({
      [PRODUCTS]: jsonResponse(200, products),
      [CREATE]: jsonResponse(201, makeService({ name: 'Stripe' })),
    });
    const { user, onOpenChange } = renderDialog();

    await fill(user, 'Service Name', ' Stripe ');
    await choose(user, 'Category', 'Payment');
    await fill(user, 'Description', 'Card payments');
    await choose(user, 'Integration Type', 'Direct API');
    await fill(user, 'API Key', 'sk_live_0000abcd');
    await user.click(await screen.findByRole('checkbox', { name: 'Zeta' }));
    await user.click(screen.getByRole('checkbox', { name: 'Apollo' }));
    await user.click(screen.getByRole('button', { name: 'Add Service' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [call] = callsTo(fetchMock, 'POST', '/api/services');
    expect(sentJson(call?.init)).toEqual({
      name: 'Stripe',
      category: 'Payment',
      description: 'Card payments',
      integration: 'Direct API',
      apiKey: 'sk_live_0000abcd',
      webhookUrl: null,
      productIds: [APOLLO, ZETA],
    });
    expect(toast.success).toHaveBeenCalledWith('Service added', { description: 'Stripe' });
  });

  it('asks a Webhook service for its URL, then shows its signing secret once, to copy', async () => {
    const fetchMock = routeFetch({
      [PRODUCTS]: jsonResponse(200, products),
      [CREATE]: jsonResponse(
        201,
        makeService({ name: 'Receiver', integration: 'Webhook', signingSecret: 'whsec_abc123' } as never),
      ),
    });
    const { user, onOpenChange } = renderDialog();

    await fill(user, 'Service Name', 'Receiver');
    await choose(user, 'Category', 'Development');
    await choose(user, 'Integration Type', 'Webhook');
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('A Webhook service needs a webhook URL.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/services')).toEqual([]);

    await fill(user, 'Webhook URL', 'https://hooks.example.com/in');
    await user.click(screen.getByRole('button', { name: 'Add Service' }));

    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/services')[0]?.init)).toMatchObject({
      integration: 'Webhook',
      webhookUrl: 'https://hooks.example.com/in',
      apiKey: null,
    });
    expect(toast.success).toHaveBeenCalledWith('Service added', { description: 'Receiver' });
    expect(within(dialog).getByRole('textbox', { name: 'Signing secret' })).toHaveValue('whsec_abc123');
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('whsec_abc123');

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('does not check or send a webhook URL typed before choosing another integration', async () => {
    const fetchMock = routeFetch({
      [PRODUCTS]: jsonResponse(200, products),
      [CREATE]: jsonResponse(201, makeService({ name: 'SDK one' })),
    });
    const { user, onOpenChange } = renderDialog();
    await fill(user, 'Service Name', 'SDK one');
    await choose(user, 'Category', 'Analytics');
    await choose(user, 'Integration Type', 'Webhook');
    await fill(user, 'Webhook URL', 'not a url');
    await choose(user, 'Integration Type', 'SDK');
    await user.click(screen.getByRole('button', { name: 'Add Service' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/services')[0]?.init)).toMatchObject({
      integration: 'SDK',
      webhookUrl: null,
    });
  });

  it("puts the server's refusal of a webhook URL on the field, and toasts other failures", async () => {
    let answer = apiError(400, 'WEBHOOK_URL_REFUSED', 'The webhook URL must use https.', {
      fields: { webhookUrl: ['The webhook URL must use https.'] },
    });
    routeFetch({ [PRODUCTS]: jsonResponse(200, products), [CREATE]: () => answer });
    const { user } = renderDialog();

    await fill(user, 'Service Name', 'Receiver');
    await choose(user, 'Category', 'Development');
    await choose(user, 'Integration Type', 'Webhook');
    await fill(user, 'Webhook URL', 'http://hooks.example.com/in');
    await user.click(screen.getByRole('button', { name: 'Add Service' }));

    expect(await screen.findByText('The webhook URL must use https.')).toBeInTheDocument();
    expect(screen.getByLabelText('Webhook URL')).toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).not.toHaveBeenCalled();

    answer = apiError(403, 'FORBIDDEN', 'Only admins can manage services.');
    await user.click(screen.getByRole('button', { name: 'Add Service' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to add service', {
        description: 'Only admins can manage services.',
      }),
    );
  });
});
