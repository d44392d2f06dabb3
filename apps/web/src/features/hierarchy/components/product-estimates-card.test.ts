import { estimateMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { scaleClearsText } from './product-estimates-card.tsx';

describe('ProductEstimatesCard', () => {
  it("says how many estimates a new scale clears in the spec's words", () => {
    expect(scaleClearsText(1)).toBe(estimateMessages.scaleClears(1));
    expect(scaleClearsText(3)).toBe(estimateMessages.scaleClears(3));
  });
});
