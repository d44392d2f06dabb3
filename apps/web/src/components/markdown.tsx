import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components, defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';

// Markdown as users write it in descriptions and comments (issue 15): CommonMark plus GitHub's
// tables, task lists, strikethrough and autolinks. Raw HTML is never rendered (react-markdown
// escapes it without rehype-raw), and its default URL transform drops javascript:, data: and
// other unsafe link targets. Links open in a new tab without access to this page.

/** A mention as the comment composer writes it: `[@Ada Lovelace](user:<uuid>)`. */
const MENTION_HREF = /^user:[0-9a-f-]{36}$/i;
const urlTransform = (url: string) => (MENTION_HREF.test(url) ? url : defaultUrlTransform(url));

const components: Components = {
  a: ({ node: _node, href, children, ...props }) =>
    href && MENTION_HREF.test(href) ? (
      <span
        data-mention={href.slice('user:'.length)}
        className="rounded bg-primary/10 px-1 font-medium text-primary"
      >
        {children}
      </span>
    ) : (
      <a
        href={href}
        {...props}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="font-medium text-primary underline underline-offset-2 hover:no-underline"
      >
        {children}
      </a>
    ),
  h1: ({ node: _node, ...props }) => <h3 {...props} className="mt-4 mb-2 font-semibold text-lg first:mt-0" />,
  h2: ({ node: _node, ...props }) => (
    <h4 {...props} className="mt-4 mb-2 font-semibold text-base first:mt-0" />
  ),
  h3: ({ node: _node, ...props }) => <h5 {...props} className="mt-3 mb-1 font-semibold text-sm first:mt-0" />,
  h4: ({ node: _node, ...props }) => <h6 {...props} className="mt-3 mb-1 font-semibold text-sm first:mt-0" />,
  h5: ({ node: _node, ...props }) => <h6 {...props} className="mt-3 mb-1 font-medium text-sm first:mt-0" />,
  h6: ({ node: _node, ...props }) => <h6 {...props} className="mt-3 mb-1 font-medium text-sm first:mt-0" />,
  p: ({ node: _node, ...props }) => <p {...props} className="my-2 first:mt-0 last:mb-0" />,
  ul: ({ node: _node, className, ...props }) => (
    <ul
      {...props}
      className={cn(
        'my-2 list-disc ps-6',
        className?.includes('contains-task-list') && 'list-none ps-1',
        className,
      )}
    />
  ),
  ol: ({ node: _node, ...props }) => <ol {...props} className="my-2 list-decimal ps-6" />,
  // A task list's boxes are read-only; they are named by their state (axe: a form field needs a name).
  input: ({ node: _node, ...props }) =>
    props.type === 'checkbox' ? (
      <input {...props} aria-label={props.checked ? t('Done') : t('Not done')} />
    ) : (
      <input {...props} />
    ),
  li: ({ node: _node, ...props }) => (
    <li {...props} className="my-0.5 [&>input]:me-2 [&>input]:align-middle" />
  ),
  blockquote: ({ node: _node, ...props }) => (
    <blockquote {...props} className="my-2 border-s-4 border-border ps-3 text-muted-foreground" />
  ),
  code: ({ node: _node, className, ...props }) => (
    <code
      {...props}
      className={cn(
        'rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]',
        className?.startsWith('language-') && 'bg-transparent p-0',
        className,
      )}
    />
  ),
  pre: ({ node: _node, ...props }) => (
    <pre {...props} className="my-2 overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs" />
  ),
  table: ({ node: _node, ...props }) => (
    <div className="my-2 overflow-x-auto">
      <table {...props} className="w-full border-collapse text-sm" />
    </div>
  ),
  th: ({ node: _node, ...props }) => (
    <th {...props} className="border border-border px-2 py-1 text-start font-medium" />
  ),
  td: ({ node: _node, ...props }) => <td {...props} className="border border-border px-2 py-1" />,
  hr: ({ node: _node, ...props }) => <hr {...props} className="my-3 border-border" />,
  img: ({ node: _node, alt, src }) => (
    // Images are not loaded from wherever a comment points: they show as a link.
    <a href={typeof src === 'string' ? src : undefined} target="_blank" rel="noopener noreferrer nofollow">
      {alt || 'image'}
    </a>
  ),
};

type MarkdownProps = { source: string; className?: string } & Omit<ComponentProps<'div'>, 'children'>;

/** Renders user-written markdown safely. Lazy-load the page that uses it: it weighs ~40 kB gzip. */
export function Markdown({ source, className, ...props }: MarkdownProps) {
  return (
    <div {...props} className={cn('break-words text-sm leading-relaxed', className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} urlTransform={urlTransform} skipHtml>
        {source}
      </ReactMarkdown>
    </div>
  );
}
