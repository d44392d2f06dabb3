import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, AvatarFallback, InitialsAvatar } from './avatar.tsx';

describe('InitialsAvatar', () => {
  it('draws the same elements and classes as an Avatar showing its fallback', () => {
    const radix = render(
      <Avatar className="size-5">
        <AvatarFallback aria-hidden="true" className="font-semibold text-[8px] text-white bg-emerald-700">
          BA
        </AvatarFallback>
      </Avatar>,
    );
    const plain = render(
      <InitialsAvatar
        className="size-5"
        fallbackClassName="font-semibold text-[8px] text-white bg-emerald-700"
      >
        BA
      </InitialsAvatar>,
    );
    const shape = (root: HTMLElement) => {
      const outer = root.firstElementChild as HTMLElement;
      const inner = outer.firstElementChild as HTMLElement;
      const attributes = (el: HTMLElement) =>
        Object.fromEntries([...el.attributes].map((attribute) => [attribute.name, attribute.value]));
      return {
        outer: attributes(outer),
        inner: attributes(inner),
        text: outer.textContent,
        children: outer.children.length,
      };
    };
    expect(shape(plain.container)).toEqual(shape(radix.container));
    expect(shape(plain.container).inner.class).toContain('text-[8px]');
  });
});
