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

  it('says calmly that live updates are off when the server refused the socket for too many tabs', () => {
    render(<RealtimeStatus status="refused" />);
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('Live updates are off: too many open tabs. Close some and reload.');
    expect(region.querySelector('.animate-spin')).toBeNull();
  });

  it.each<Status>(['connecting', 'open', 'closed'])('shows nothing while %s', (status) => {
    render(<RealtimeStatus status={status} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
