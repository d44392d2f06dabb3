import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { NotificationItem } from './notification-item.tsx';
import { makeNotification } from './test-notifications.ts';

const mention = makeNotification({
  type: 'TASK_MENTION',
  message: 'Grace Hopper mentioned you on “Fix the double charge”',
  metadata: {
    taskId: 't-1',
    productId: 'p-1',
    excerpt:
      'Can **you** look at [the log](https://example.com/log), [@Ada Lovelace](user:55555555-5555-4555-8555-555555555555)?\n\n- `retry` twice',
  },
});

function renderItem(notification = mention) {
  const noop = vi.fn();
  return renderWithProviders(
    <ul>
      <NotificationItem
        notification={notification}
        now={Date.now()}
        accepted={false}
        accepting={false}
        declining={false}
        canDecline={false}
        onMarkRead={noop}
        onDelete={noop}
        onAccept={noop}
        onDecline={noop}
      />
    </ul>,
  );
}

describe('NotificationItem previews (issue 28)', () => {
  it('shows what a comment said as one line of plain text: no markdown, a mention as @Name, no user id', () => {
    renderItem();
    expect(screen.getByText('Grace Hopper mentioned you on “Fix the double charge”')).toBeInTheDocument();
    const excerpt = document.querySelector('[data-excerpt]');
    expect(excerpt).toHaveTextContent('Can you look at the log, @Ada Lovelace? retry twice');
    expect(excerpt?.textContent).not.toMatch(/\*|`|\]\(|user:|55555555/);
  });

  it('shows no excerpt when the server gives none', () => {
    renderItem(makeNotification());
    expect(document.querySelector('[data-excerpt]')).toBeNull();
  });
});
