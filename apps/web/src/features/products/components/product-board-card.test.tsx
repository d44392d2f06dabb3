import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '../../../test/product-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProductBoardCard } from './product-board-card.tsx';

// Issue 32: the card says how long the product has been in its stage.
describe('ProductBoardCard', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the days in its stage, with the moment it entered in the title', () => {
    vi.useFakeTimers({ now: new Date('2026-12-01T12:00:00Z'), toFake: ['Date'] });
    renderWithProviders(
      <ProductBoardCard
        product={makeProduct({ status: 'testing', stage_entered_at: '2026-11-19T09:00:00Z' })}
        viewer={undefined}
      />,
    );
    const time = screen.getByTestId('time-in-stage');
    expect(time).toHaveTextContent('12 d in this stage');
    expect(time.getAttribute('title')).toMatch(/^In Testing since /);
  });

  it('says so when it entered its stage today, and uses the singular for one day', () => {
    vi.useFakeTimers({ now: new Date('2026-12-01T12:00:00Z'), toFake: ['Date'] });
    const first = renderWithProviders(
      <ProductBoardCard
        product={makeProduct({ status: 'planning', stage_entered_at: '2026-12-01T08:00:00Z' })}
        viewer={undefined}
      />,
    );
    expect(screen.getByTestId('time-in-stage')).toHaveTextContent('Entered this stage today');
    first.unmount();
    renderWithProviders(
      <ProductBoardCard
        product={makeProduct({ status: 'planning', stage_entered_at: '2026-11-30T08:00:00Z' })}
        viewer={undefined}
      />,
    );
    expect(screen.getByTestId('time-in-stage')).toHaveTextContent('1 d in this stage');
  });
});
