import type { PersonRef } from '@shipyard/shared';
import { type KeyboardEvent, type RefObject, useId, useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useMentionable } from '../api/mentionable.ts';
import { insertMention, type MentionQuery, mentionAt, type PickedMention } from './mention-text.ts';

/**
 * The @ autocomplete of a textarea (ARIA combobox with a listbox): while a mention is typed the
 * people who can see the product are listed; arrows move, Enter or Tab picks, Escape closes.
 */
export function useMentionAutocomplete({
  taskId,
  value,
  setValue,
  textareaRef,
  enabled,
  onPicked,
}: {
  taskId: string;
  value: string;
  setValue: (value: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  enabled: boolean;
  /** A person was picked: the composer keeps who "@Name" stands for. */
  onPicked: (person: PickedMention) => void;
}) {
  const listboxId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  /** The `@` the user dismissed with Escape: not offered again until they type another. */
  const [dismissed, setDismissed] = useState<number | undefined>();
  const typing: MentionQuery | undefined = enabled ? mentionAt(value, caret) : undefined;
  const open = typing !== undefined && typing.start !== dismissed;
  const query = useDebouncedValue(typing?.query ?? '', 150);
  const people = useMentionable(taskId, query, open);
  const options: PersonRef[] = open ? (people.data?.data ?? []) : [];
  const current = options[Math.min(active, options.length - 1)];
  const optionId = (person: PersonRef) => `${listboxId}-${person.id}`;

  const trackCaret = () => setCaret(textareaRef.current?.selectionStart ?? 0);

  function pick(person: PersonRef) {
    if (!typing) return;
    const next = insertMention(value, typing, person);
    onPicked({ id: person.id, name: person.name });
    setValue(next.value);
    setCaret(next.caret);
    setActive(0);
    // After React has rendered the new value, put the caret after the mention.
    requestAnimationFrame(() => {
      const textarea = textareaRef.current;
      if (!textarea) return;
      textarea.focus();
      textarea.setSelectionRange(next.caret, next.caret);
    });
  }

  /** Handles the listbox's keys; true when the key was the autocomplete's. */
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open) return false;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(typing?.start);
      return true;
    }
    if (options.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (Math.min(i, options.length - 1) + step + options.length) % options.length);
      return true;
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.ctrlKey && !event.metaKey && current) {
      event.preventDefault();
      pick(current);
      return true;
    }
    return false;
  }

  const expanded = open && options.length > 0;
  return {
    open,
    options,
    current,
    loading: open && people.isFetching && options.length === 0,
    empty: open && people.isSuccess && !people.isFetching && options.length === 0,
    listboxId,
    optionId,
    pick,
    onKeyDown,
    trackCaret,
    /** Spread on the textarea. */
    inputProps: {
      role: 'combobox' as const,
      'aria-autocomplete': 'list' as const,
      'aria-expanded': expanded,
      'aria-controls': expanded ? listboxId : undefined,
      'aria-activedescendant': expanded && current ? optionId(current) : undefined,
    },
  };
}
