import { render, screen } from '@testing-library/react';
import { LinkIcon } from 'lucide-react';
import { useMemo } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type PaletteContext, usePaletteContext, usePublishPaletteContext } from './palette-context.ts';

// Issue 30: what is in front of the user, offered to the palette through one small registry.

const contextOf = (heading: string, actions = 1): PaletteContext => ({
  heading,
  actions: Array.from({ length: actions }, (_, i) => ({
    id: `a-${i}`,
    label: `Action ${i}`,
    icon: LinkIcon,
    run: vi.fn(),
  })),
});

function Publisher({ heading, actions = 1 }: { heading: string | undefined; actions?: number }) {
  const context = useMemo(() => (heading ? contextOf(heading, actions) : undefined), [heading, actions]);
  usePublishPaletteContext(context);
  return null;
}

function Reader() {
  const context = usePaletteContext();
  return <output aria-label="front">{context ? context.heading : 'nothing'}</output>;
}

const front = () => screen.getByRole('status', { name: 'front' });

describe('the palette context registry', () => {
  it('offers what a mounted publisher publishes, follows its changes and forgets it when it unmounts', () => {
    const view = render(
      <>
        <Reader />
        <Publisher heading="APO-1 Alpha" />
      </>,
    );
    expect(front()).toHaveTextContent('APO-1 Alpha');
    view.rerender(
      <>
        <Reader />
        <Publisher heading="2 selected tasks" />
      </>,
    );
    expect(front()).toHaveTextContent('2 selected tasks');
    view.rerender(<Reader />);
    expect(front()).toHaveTextContent('nothing');
  });

  it('puts a later-mounted publisher in front, and shows the earlier one again when it goes', () => {
    const view = render(
      <>
        <Reader />
        <Publisher heading="The list's task" />
      </>,
    );
    view.rerender(
      <>
        <Reader />
        <Publisher heading="The list's task" />
        <Publisher heading="The panel's task" />
      </>,
    );
    expect(front()).toHaveTextContent("The panel's task");
    view.rerender(
      <>
        <Reader />
        <Publisher heading="The list's task" />
      </>,
    );
    expect(front()).toHaveTextContent("The list's task");
  });

  it('offers nothing for a publisher with no targets or no action the viewer may take', () => {
    const view = render(
      <>
        <Reader />
        <Publisher heading="The list's task" />
        <Publisher heading={undefined} />
      </>,
    );
    // The panel has nothing to offer: the list's task stays in front.
    expect(front()).toHaveTextContent("The list's task");
    view.rerender(
      <>
        <Reader />
        <Publisher heading="A guest's task" actions={0} />
      </>,
    );
    expect(front()).toHaveTextContent('nothing');
  });
});
