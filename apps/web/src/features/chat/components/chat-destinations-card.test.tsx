import { type ChatDestination, chatMessages as m } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ChatDestinationsCard } from './chat-destinations-card.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const PRODUCT = 'p-1';
const LIST = `/api/projects/${PRODUCT}/chat-destinations`;
const slack: ChatDestination = {
  id: 'c-1',
  productId: PRODUCT,
  name: '#apollo-dev',
  kind: 'slack',
  urlHost: 'hooks.slack.com',
  events: ['created', 'status'],
  enabled: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

function serve(canManage: boolean, extra: Parameters<typeof routeFetch>[0] = {}) {
  let all: ChatDestination[] = [slack];
  return routeFetch({
    [`GET ${LIST}`]: () => jsonResponse(200, { data: all, canManage }),
    [`POST ${LIST}`]: ({ init }) => {
      const sent = JSON.parse(String(init?.body));
      const made = {
        ...slack,
        id: 'c-2',
        name: sent.name,
        kind: sent.kind,
        events: sent.events,
        urlHost: 'ntfy.sh',
      };
      all = [...all, made];
      return jsonResponse(201, made);
    },
    'PATCH /api/chat-destinations/c-1': ({ init }) => {
      all = all.map((d) => (d.id === 'c-1' ? { ...d, ...JSON.parse(String(init?.body)) } : d));
      return jsonResponse(200, all[0]);
    },
    'DELETE /api/chat-destinations/c-1': () => {
      all = all.filter((d) => d.id !== 'c-1');
      return new Response(null, { status: 204 });
    },
    'GET /api/chat-destinations/c-1/deliveries': () =>
      jsonResponse(200, {
        data: [
          {
            id: 'd-1',
            event: 'task.status_changed',
            status: 'failed',
            attempts: 6,
            lastStatusCode: 500,
            lastError: 'HTTP 500',
            createdAt: '2026-11-02T09:00:00.000Z',
            deliveredAt: null,
            nextAttemptAt: null,
          },
        ],
        nextCursor: null,
      }),
    ...extra,
  });
}

describe('ChatDestinationsCard', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the destinations by name, app, host and events, with no controls for who does not manage the product', async () => {
    serve(false);
    renderWithProviders(<ChatDestinationsCard productId={PRODUCT} readOnly={false} />);
    const list = await screen.findByRole('list', { name: 'Chat destinations' });
    expect(within(list).getByText('#apollo-dev')).toBeInTheDocument();
    expect(within(list).getByText('Slack · hooks.slack.com')).toBeInTheDocument();
    expect(within(list).getByText('Task created, Task status or state changed')).toBeInTheDocument();
    expect(screen.getByText(m.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.add })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: m.test })).not.toBeInTheDocument();
  });

  it('adds a destination with its app, URL and events', async () => {
    const fetchMock = serve(true);
    const { user } = renderWithProviders(<ChatDestinationsCard productId={PRODUCT} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: m.add }));
    const dialog = await screen.findByRole('dialog', { name: m.add });
    await user.type(within(dialog).getByLabelText(m.nameLabel), 'Phones');
    await user.click(within(dialog).getByRole('combobox', { name: m.kindLabel }));
    await user.click(await screen.findByRole('option', { name: 'ntfy' }));
    await user.type(within(dialog).getByLabelText(m.urlLabel), 'https://ntfy.sh/apollo-x1');
    await user.click(within(dialog).getByLabelText('Task status or state changed'));
    await user.click(within(dialog).getByLabelText('Task due soon'));
    await user.click(within(dialog).getByRole('button', { name: m.add }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', LIST)).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'POST', LIST)[0]?.init)).toEqual({
      name: 'Phones',
      kind: 'ntfy',
      url: 'https://ntfy.sh/apollo-x1',
      events: ['created', 'due_soon'],
      enabled: true,
    });
    expect(toast.success).toHaveBeenCalledWith(m.added, { description: 'Phones' });
    expect(await screen.findByText('ntfy · ntfy.sh')).toBeInTheDocument();
  });

  it('refuses to save without events, and puts the server’s URL refusal on the URL field', async () => {
    const fetchMock = serve(true, {
      [`POST ${LIST}`]: () =>
        apiError(400, 'CHAT_URL_REFUSED', m.urlPrivate, { fields: { url: [m.urlPrivate] } }),
    });
    const { user } = renderWithProviders(<ChatDestinationsCard productId={PRODUCT} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: m.add }));
    const dialog = await screen.findByRole('dialog', { name: m.add });
    await user.type(within(dialog).getByLabelText(m.nameLabel), 'Ops');
    await user.click(within(dialog).getByRole('combobox', { name: m.kindLabel }));
    await user.click(await screen.findByRole('option', { name: 'Discord' }));
    await user.type(within(dialog).getByLabelText(m.urlLabel), 'https://10.0.0.5/hook');
    await user.click(within(dialog).getByLabelText('Task created'));
    await user.click(within(dialog).getByLabelText('Task status or state changed'));
    await user.click(within(dialog).getByRole('button', { name: m.add }));
    expect(await within(dialog).findByText(m.eventsRequired)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', LIST)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Comment added'));
    await user.click(within(dialog).getByRole('button', { name: m.add }));
    expect(await within(dialog).findByText(m.urlPrivate)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: m.add })).toBeInTheDocument();
  });

  it('edits without resending the URL when it is left empty', async () => {
    const fetchMock = serve(true);
    const { user } = renderWithProviders(<ChatDestinationsCard productId={PRODUCT} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: 'Edit #apollo-dev' }));
    const dialog = await screen.findByRole('dialog', { name: m.edit });
    expect(within(dialog).getByLabelText(m.urlLabel)).toHaveValue('');
    await user.click(within(dialog).getByLabelText(m.enabledLabel));
    await user.click(within(dialog).getByRole('button', { name: m.save }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/chat-destinations/c-1')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'PATCH', '/api/chat-destinations/c-1')[0]?.init)).toEqual({
      name: '#apollo-dev',
      kind: 'slack',
      events: ['created', 'status'],
      enabled: false,
    });
    expect(await screen.findByText('Disabled')).toBeInTheDocument();
  });

  it('sends a test message and tells how it went; shows the delivery log; deletes after confirming', async () => {
    let answer = { status: 'delivered', statusCode: 200, error: null } as object;
    const fetchMock = serve(true, {
      'POST /api/chat-destinations/c-1/test': () => jsonResponse(200, answer),
    });
    const { user } = renderWithProviders(<ChatDestinationsCard productId={PRODUCT} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: m.test }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(m.testDelivered, { description: '#apollo-dev' }),
    );

    answer = { status: 'failed', statusCode: null, error: 'connection refused' };
    await user.click(screen.getByRole('button', { name: m.test }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(m.testFailed, { description: 'connection refused' }),
    );

    await user.click(screen.getByRole('button', { name: m.deliveries }));
    const log = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(log).getByText('task.status_changed')).toBeInTheDocument();
    expect(within(log).getByText('Failed')).toBeInTheDocument();
    expect(within(log).getByText('HTTP 500')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete #apollo-dev' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/chat-destinations/c-1')).toHaveLength(1));
    expect(await screen.findByText(m.empty)).toBeInTheDocument();
  });
});
