import { describe, expect, it } from 'vitest';
import { pseudo, pseudoText } from './pseudo.ts';
import { english, interpolate } from './translate.ts';

describe('english', () => {
  it('answers the key itself, with its values filled in', () => {
    expect(english('Add Task')).toBe('Add Task');
    expect(english('Assigned to {{name}}', { name: 'Ada' })).toBe('Assigned to Ada');
    expect(interpolate('{{ missing }} stays', {})).toBe('{{ missing }} stays');
  });
});

describe('pseudo', () => {
  it('accents and lengthens a text by about 40 %, keeping its values', () => {
    const text = pseudoText('Add Task for {{name}}');
    expect(text).toMatch(/^⟦Áðð Ţášķ ƒöŕ \{\{name\}\}·+⟧$/);
    expect(text.length).toBeGreaterThanOrEqual(Math.round('Add Task for '.length * 1.4));
    expect(pseudo('Hi {{name}}', { name: 'Ada' })).toContain('Ada');
    // Translating a translated text changes nothing.
    expect(pseudo(pseudo('Add Task'))).toBe(pseudo('Add Task'));
  });
});
