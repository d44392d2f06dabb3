import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RealtimeStatus as Status } from '../../lib/realtime.ts';
import { RealtimeStatus } from './realtime-status.tsx';

describe('RealtimeStatus', () => {
  it('says Reconnecting... in a polite live region while reconnecting', () => {
    render(<RealtimeStatus status="reconnecting" />);
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('Reconnecting...');
    expect(region).toHaveAttribute('aria-live', 'polite');
  });

  it.each<Status>(['connecting', 'open', 'closed'])('shows nothing while %s', (status) => {
    render(<RealtimeStatus status={status} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
