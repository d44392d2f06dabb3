import { COMMENT_BODY_MAX, type commentMessages } from '@shipyard/shared';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Markdown } from '../../../components/markdown.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { initials } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { mentionRanges, type PickedMention, toMarkdown, toReadable } from './mention-text.ts';
import { useMentionAutocomplete } from './use-mention-autocomplete.ts';

/** commentMessages' texts shown here (the same English; tsc checks), marked to be translated. */
const commentTexts = {
  write: k('Write'),
  preview: k('Preview'),
  placeholder: k('Write a comment… Markdown and @mentions work.'),
  nothingToPreview: k('Nothing to preview.'),
  bodyTooLong: k('A comment can have at most 10,000 characters.'),
  sendHint: k('Ctrl+Enter to send'),
  cancel: k('Cancel'),
  sending: k('Posting…'),
  noPeople: k('Nobody found.'),
} as const satisfies Partial<typeof commentMessages>;

export type CommentComposerProps = {
  taskId: string;
  /** The text to start from (an edit). */
  initialValue?: string;
  /** The textarea's accessible name. */
  label: string;
  submitLabel: string;
  pending: boolean;
  /** Resolves once stored: the composer then empties (a new comment) or the caller closes it. */
  onSubmit: (body: string) => Promise<unknown>;
  /** The message shown when the server gives none. */
  failedText: string;
  onCancel?: () => void;
  autoFocus?: boolean;
};

/**
 * Write or preview a comment in markdown, with @mentions. Ctrl/⌘+Enter sends. A failure keeps the
 * text and says why beneath it: a typed comment is never lost.
 */
export function CommentComposer({
  taskId,
  initialValue = '',
  label,
  submitLabel,
  pending,
  onSubmit,
  failedText,
  onCancel,
  autoFocus,
}: CommentComposerProps) {
  // Issue 28: the text as the writer reads it ("@Name" for a picked mention); the markdown that is
  // previewed and sent is the same as before (`[@Name](user:<id>)`).
  const [readable] = useState(() => toReadable(initialValue));
  const [value, setValue] = useState(readable.text);
  const [picked, setPicked] = useState<PickedMention[]>(readable.mentions);
  const backdropRef = useRef<HTMLDivElement>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [error, setError] = useState<string | undefined>();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const mentions = useMentionAutocomplete({
    taskId,
    value,
    setValue,
    textareaRef,
    enabled: tab === 'write',
    onPicked: (person) => setPicked((was) => (was.some((p) => p.id === person.id) ? was : [...was, person])),
  });
  const markdown = toMarkdown(value, picked);
  const length = markdown.trim().length;
  const tooLong = length > COMMENT_BODY_MAX;
  const canSend = length > 0 && !tooLong && !pending;

  function send() {
    if (!canSend) return;
    const sent = value;
    setError(undefined);
    onSubmit(markdown.trim()).then(
      () => {
        // Only a new comment's composer empties, and only if nothing was typed meanwhile.
        if (!onCancel) setValue((now) => (now === sent ? '' : now));
      },
      (err: unknown) => setError(getErrorMessage(err, failedText)),
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (mentions.onKeyDown(event)) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  }

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <form onSubmit={onFormSubmit} className="flex flex-col gap-2">
      <Tabs value={tab} onValueChange={(next) => setTab(next === 'preview' ? 'preview' : 'write')}>
        <TabsList className="h-8">
          <TabsTrigger value="write" className="px-3 text-xs">
            {t(commentTexts.write)}
          </TabsTrigger>
          <TabsTrigger value="preview" className="px-3 text-xs">
            {t(commentTexts.preview)}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="write" className="relative rounded-md dark:bg-input/30">
          <MentionBackdrop ref={backdropRef} text={value} mentions={picked} />
          <Textarea
            ref={textareaRef}
            aria-label={label}
            aria-invalid={tooLong || error !== undefined}
            aria-describedby={error || tooLong ? errorId : undefined}
            placeholder={t(commentTexts.placeholder)}
            value={value}
            autoFocus={autoFocus}
            onChange={(event) => {
              setValue(event.target.value);
              mentions.trackCaret();
            }}
            onSelect={mentions.trackCaret}
            onClick={mentions.trackCaret}
            onKeyDown={onKeyDown}
            onScroll={(event) => {
              if (backdropRef.current) backdropRef.current.scrollTop = event.currentTarget.scrollTop;
            }}
            className="relative min-h-24 bg-transparent dark:bg-transparent"
            {...mentions.inputProps}
          />
          {mentions.open ? <MentionListbox mentions={mentions} /> : null}
        </TabsContent>
        <TabsContent
          value="preview"
          className="min-h-24 rounded-md border border-input px-3 py-2 text-sm"
          aria-label={t(commentTexts.preview)}
        >
          {value.trim() ? (
            <Markdown source={markdown} />
          ) : (
            <p className="text-muted-foreground">{t(commentTexts.nothingToPreview)}</p>
          )}
        </TabsContent>
      </Tabs>
      {error || tooLong ? (
        <p id={errorId} role="alert" className="text-destructive text-sm">
          {tooLong ? t(commentTexts.bodyTooLong) : error}
        </p>
      ) : null}
      <div className="flex items-center justify-end gap-2">
        <span className="me-auto hidden text-muted-foreground text-xs sm:inline">
          {t(commentTexts.sendHint)}
        </span>
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel} disabled={pending}>
            {t(commentTexts.cancel)}
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={!canSend} pending={pending}>
          {pending && !onCancel ? t(commentTexts.sending) : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * Behind the (transparent) textarea, the same text laid out the same way, with each picked
 * mention drawn as a chip; the text itself stays the textarea's, so typing and the caret are native.
 */
function MentionBackdrop({
  text,
  mentions,
  ref,
}: {
  text: string;
  mentions: readonly PickedMention[];
  ref: React.Ref<HTMLDivElement>;
}) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const { start, end, person } of mentionRanges(text, mentions)) {
    parts.push(text.slice(at, start));
    parts.push(
      <mark
        key={start}
        data-mention={person.id}
        className="rounded-sm bg-primary/15 text-transparent dark:bg-primary/30"
      >
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  parts.push(text.slice(at));
  return (
    <div
      ref={ref}
      aria-hidden="true"
      data-slot="mention-backdrop"
      className="pointer-events-none absolute inset-0 overflow-hidden whitespace-pre-wrap break-words rounded-md border border-transparent px-3 py-2 text-base text-transparent md:text-sm"
    >
      {parts}
      {/* A last line break keeps the height of a text ending in one. */}
      {'\n'}
    </div>
  );
}

function MentionListbox({ mentions }: { mentions: ReturnType<typeof useMentionAutocomplete> }) {
  if (mentions.options.length === 0) {
    return mentions.empty ? (
      <p className="absolute z-20 mt-1 rounded-md border bg-popover px-3 py-2 text-muted-foreground text-sm shadow-md">
        {t(commentTexts.noPeople)}
      </p>
    ) : null;
  }
  return (
    <div
      id={mentions.listboxId}
      role="listbox"
      aria-label={t('People to mention')}
      className="absolute z-20 mt-1 max-h-64 w-72 overflow-auto rounded-md border bg-popover p-1 shadow-md"
    >
      {mentions.options.map((person) => {
        const selected = person.id === mentions.current?.id;
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard path is the textarea's arrows and Enter (combobox pattern).
          <div
            key={person.id}
            id={mentions.optionId(person)}
            role="option"
            // Focus stays in the textarea (aria-activedescendant points here).
            tabIndex={-1}
            aria-selected={selected}
            // Keep the focus (and the caret) in the textarea.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => mentions.pick(person)}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
              selected && 'bg-accent text-accent-foreground',
            )}
          >
            <Avatar className="size-6">
              {person.avatar_url ? <AvatarImage src={person.avatar_url} alt="" /> : null}
              <AvatarFallback className="text-[10px]">{initials(person.name)}</AvatarFallback>
            </Avatar>
            <span className="truncate">{person.name}</span>
          </div>
        );
      })}
    </div>
  );
}
