import { COMMENT_BODY_MAX, commentMessages } from '@shipyard/shared';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Markdown } from '../../../components/markdown.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { initials } from '../../../lib/format.ts';
import { useMentionAutocomplete } from './use-mention-autocomplete.ts';

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
  const [value, setValue] = useState(initialValue);
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
  });
  const length = value.trim().length;
  const tooLong = length > COMMENT_BODY_MAX;
  const canSend = length > 0 && !tooLong && !pending;

  function send() {
    if (!canSend) return;
    const sent = value;
    setError(undefined);
    onSubmit(sent.trim()).then(
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
            {commentMessages.write}
          </TabsTrigger>
          <TabsTrigger value="preview" className="px-3 text-xs">
            {commentMessages.preview}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="write" className="relative">
          <Textarea
            ref={textareaRef}
            aria-label={label}
            aria-invalid={tooLong || error !== undefined}
            aria-describedby={error || tooLong ? errorId : undefined}
            placeholder={commentMessages.placeholder}
            value={value}
            autoFocus={autoFocus}
            onChange={(event) => {
              setValue(event.target.value);
              mentions.trackCaret();
            }}
            onSelect={mentions.trackCaret}
            onClick={mentions.trackCaret}
            onKeyDown={onKeyDown}
            className="min-h-24"
            {...mentions.inputProps}
          />
          {mentions.open ? <MentionListbox mentions={mentions} /> : null}
        </TabsContent>
        <TabsContent
          value="preview"
          className="min-h-24 rounded-md border border-input px-3 py-2 text-sm"
          aria-label={commentMessages.preview}
        >
          {value.trim() ? (
            <Markdown source={value} />
          ) : (
            <p className="text-muted-foreground">{commentMessages.nothingToPreview}</p>
          )}
        </TabsContent>
      </Tabs>
      {error || tooLong ? (
        <p id={errorId} role="alert" className="text-destructive text-sm">
          {tooLong ? commentMessages.bodyTooLong : error}
        </p>
      ) : null}
      <div className="flex items-center justify-end gap-2">
        <span className="mr-auto hidden text-muted-foreground text-xs sm:inline">
          {commentMessages.sendHint}
        </span>
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel} disabled={pending}>
            {commentMessages.cancel}
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={!canSend} pending={pending}>
          {pending && !onCancel ? commentMessages.sending : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function MentionListbox({ mentions }: { mentions: ReturnType<typeof useMentionAutocomplete> }) {
  if (mentions.options.length === 0) {
    return mentions.empty ? (
      <p className="absolute z-20 mt-1 rounded-md border bg-popover px-3 py-2 text-muted-foreground text-sm shadow-md">
        {commentMessages.noPeople}
      </p>
    ) : null;
  }
  return (
    <div
      id={mentions.listboxId}
      role="listbox"
      aria-label="People to mention"
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
