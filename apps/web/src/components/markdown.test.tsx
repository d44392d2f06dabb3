import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

describe('Markdown', () => {
  it('renders headings, lists, task lists, code, quotes and tables', () => {
    const { container } = render(
      <Markdown
        source={[
          '# Plan',
          '',
          '- one',
          '- [x] done item',
          '- [ ] open item',
          '',
          '> quoted',
          '',
          '`inline` and',
          '',
          '```ts',
          'const a = 1;',
          '```',
          '',
          '| a | b |',
          '|---|---|',
          '| 1 | 2 |',
        ].join('\n')}
      />,
    );
    expect(screen.getByText('Plan')).toBeInTheDocument();
    expect(screen.getByText('one').tagName).toBe('LI');
    const boxes = container.querySelectorAll('input[type="checkbox"]');
    expect(boxes).toHaveLength(2);
    expect((boxes[0] as HTMLInputElement).checked).toBe(true);
    expect(container.querySelector('blockquote')).toHaveTextContent('quoted');
    expect(container.querySelector('pre code')).toHaveTextContent('const a = 1;');
    expect(container.querySelector('table')).toHaveTextContent('1');
  });

  it('never renders raw HTML', () => {
    const { container } = render(
      <Markdown source={'<img src=x onerror="alert(1)"> <script>alert(2)</script> <b>bold</b>'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('drops unsafe link targets and opens safe links in a new tab without an opener', () => {
    render(<Markdown source={'[bad](javascript:alert(1)) [good](https://example.com/x)'} />);
    const bad = screen.getByText('bad');
    expect(bad.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    const good = screen.getByRole('link', { name: 'good' });
    expect(good).toHaveAttribute('href', 'https://example.com/x');
    expect(good).toHaveAttribute('target', '_blank');
    expect(good).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('shows an image as a link instead of loading it', () => {
    const { container } = render(<Markdown source={'![diagram](https://example.com/d.png)'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'diagram' })).toHaveAttribute(
      'href',
      'https://example.com/d.png',
    );
  });

  it('shows a mention as a highlighted name, not a link', () => {
    const id = '0b7c3f52-64a4-4a8e-9c53-2f3e1d2c9a10';
    const { container } = render(<Markdown source={`Thanks [@Ada Lovelace](user:${id})!`} />);
    const mention = container.querySelector(`[data-mention="${id}"]`);
    expect(mention).toHaveTextContent('@Ada Lovelace');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
