import { describe, expect, it } from 'vitest';
import { PERSON_COLOURS, personColour } from './person-colour.ts';

describe('personColour', () => {
  it('gives a person the same colour every time', () => {
    expect(personColour('7f3c2a10-1b2c-4d5e-8f90-123456789abc')).toBe(
      personColour('7f3c2a10-1b2c-4d5e-8f90-123456789abc'),
    );
  });

  it('spreads people over the palette rather than one tint', () => {
    const ids = Array.from(
      { length: 40 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const used = new Set(ids.map(personColour));
    expect(used.size).toBeGreaterThanOrEqual(PERSON_COLOURS.length - 2);
  });

  it('uses at most one teal or green-blue hue', () => {
    expect(PERSON_COLOURS.filter((c) => /teal|cyan|emerald|green/.test(c))).toHaveLength(1);
  });
});
