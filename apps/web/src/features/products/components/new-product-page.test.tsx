import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, deferred, jsonResponse, mockFetch, sentRequest } from '../../../test/fetch-stubs.ts';
import { makeProduct } from '../../../test/product-fixtures.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { choose } from '../../../test/user-input.ts';
import { NewProductPage } from './new-product-page.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderPage(role: 'member' | 'guest' = 'member') {
  return renderWithProviders(<NewProductPage role={role} />, { route: '/new-product' });
}

type User = ReturnType<typeof renderPage>['user'];

async function fillValid(user: User) {
  await user.type(screen.getByLabelText('Name'), '  Apollo  ');
  await user.type(screen.getByLabelText('Description'), 'A moon lander.');
  await user.type(screen.getByLabelText('Start Date'), '2026-01-15');
  await user.type(screen.getByLabelText('Target End Date'), '2026-06-30');
  await choose(user, 'Status', 'Testing');
  await choose(user, 'Priority', 'High');
  await user.type(screen.getByLabelText('Team Size'), '6');
}

describe('NewProductPage', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('has a way back, every field, Cancel and Create Product', () => {
    renderPage();

    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/products');
    expect(screen.getByLabelText('Start Date')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Target End Date')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Team Size')).toHaveAttribute('type', 'number');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Select status');
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveTextContent('Medium');
    expect(screen.getByRole('button', { name: 'Create Product' })).toBeEnabled();
  });

  it('shows the message of every rule and sends nothing while the form is invalid', async () => {
    const fetchMock = mockFetch(jsonResponse(201, makeProduct()));
    const { user } = renderPage();

    await user.type(screen.getByLabelText('Name'), '   ');
    await user.type(screen.getByLabelText('Team Size'), '0');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Start date is required')).toBeInTheDocument();
    expect(screen.getByText('Target end date is required')).toBeInTheDocument();
    expect(screen.getByText('Please select a status.')).toBeInTheDocument();
    expect(screen.getByText('Team size must be at least 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('wants the target end date on or after the start date', async () => {
    const fetchMock = mockFetch(jsonResponse(201, makeProduct()));
    const { user } = renderPage();

    await fillValid(user);
    await user.clear(screen.getByLabelText('Target End Date'));
    await user.type(screen.getByLabelText('Target End Date'), '2025-12-31');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Target end date must be on or after the start date')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the product, says so and opens it', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockFetch(() => answer.promise);
    const { user } = renderPage();

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    const submit = await screen.findByRole('button', { name: /Create Product/ });
    await waitFor(() => expect(submit).toBeDisabled());
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/projects',
      method: 'POST',
      body: {
        name: 'Apollo',
        description: 'A moon lander.',
        start_date: '2026-01-15',
        target_end_date: '2026-06-30',
        status: 'testing',
        priority: 'high',
        team_size: 6,
      },
    });

    answer.resolve(jsonResponse(201, makeProduct({ id: 'p-9', name: 'Apollo' })));

    await waitFor(() => expect(currentLocation()).toBe('/products/p-9'));
    expect(toast.success).toHaveBeenCalledWith('Product Created', {
      description: 'Apollo has been created successfully.',
    });
  });

  it('says what went wrong when the server refuses, and stays on the form', async () => {
    mockFetch(apiError(403, 'FORBIDDEN', 'Guests have read-only access to products.'));
    const { user } = renderPage();

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Guests have read-only access to products.',
      }),
    );
    expect(currentLocation()).toBe('/new-product');
  });

  it('falls back to "Failed to create product" when the answer has no message of ours', async () => {
    mockFetch(new Response('Bad gateway', { status: 502 }));
    const { user } = renderPage();

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to create product' }),
    );
  });

  it('puts the server’s field errors on their fields', async () => {
    mockFetch(apiError(400, 'VALIDATION', 'Invalid input', { fields: { name: ['Name is required'] } }));
    const { user } = renderPage();

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('tells a guest they may not create products', () => {
    renderPage('guest');

    expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission to do this.');
    expect(screen.queryByRole('button', { name: 'Create Product' })).not.toBeInTheDocument();
  });
});

describe('NewProductPage started from a template (issue 29)', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the choice above the same form and creates the product the way it is given', async () => {
    const createWith = vi.fn(async () => makeProduct({ id: 'p-7', name: 'Apollo' }));
    const member = 'member' as const;
    const { user } = renderWithProviders(
      <NewProductPage role={member} startFrom={<p>Start from: Launch kit</p>} createWith={createWith} />,
      { route: '/new-product' },
    );
    expect(screen.getByText('Start from: Launch kit')).toBeInTheDocument();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(currentLocation()).toBe('/products/p-7'));
    expect(createWith).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Apollo', status: 'testing', team_size: 6 }),
    );
  });
});
