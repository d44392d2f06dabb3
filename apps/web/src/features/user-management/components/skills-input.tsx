import { XIcon } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';

const SKILLS_MAX = 30;
const SKILL_MAX_LENGTH = 50;

type SkillsInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'defaultValue'> & {
  value: readonly string[];
  onChange: (skills: string[]) => void;
};

/** Adds the typed skills (comma separated) that are not there yet, ignoring case. */
function withSkills(current: readonly string[], typed: string): string[] {
  const next = [...current];
  for (const part of typed.split(',')) {
    const skill = part.trim().slice(0, SKILL_MAX_LENGTH);
    if (skill && next.length < SKILLS_MAX && !next.some((s) => s.toLowerCase() === skill.toLowerCase())) {
      next.push(skill);
    }
  }
  return next;
}

/**
 * A tag input: Enter or a comma turns what was typed into a skill, Backspace in the empty box
 * removes the last one, each chip has a remove button; leaving the box keeps what was typed.
 * `id` and the aria attributes (from FormControl) go to the text box.
 */
export function SkillsInput({ value, onChange, onBlur, className, disabled, ...input }: SkillsInputProps) {
  const [text, setText] = useState('');
  const full = value.length >= SKILLS_MAX;

  function commit(typed: string) {
    const next = withSkills(value, typed);
    if (next.length !== value.length) onChange(next);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      // Enter adds the skill rather than submitting the form; an empty box submits as usual.
      if (text.trim() === '') return;
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault();
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div
      className={cn(
        'flex min-h-9 w-full min-w-0 flex-wrap items-center gap-1.5 rounded-md border border-input bg-transparent px-2 py-1.5 shadow-xs transition-[color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 has-[[aria-invalid=true]]:border-destructive dark:bg-input/30',
        disabled && 'pointer-events-none opacity-50',
        className,
      )}
    >
      {value.length > 0 ? (
        <ul aria-label={t('Skills added')} className="contents">
          {value.map((skill) => (
            <li
              key={skill}
              className="inline-flex max-w-full items-center gap-1 rounded-md bg-secondary py-0.5 pe-0.5 ps-2 text-secondary-foreground text-xs"
            >
              <span className="truncate">{skill}</span>
              <button
                type="button"
                aria-label={t('Remove {{skill}}', { skill })}
                disabled={disabled}
                onClick={() => onChange(value.filter((s) => s !== skill))}
                className="flex size-5 items-center justify-center rounded-sm text-muted-foreground outline-none hover:bg-background/60 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <XIcon aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        {...input}
        type="text"
        value={text}
        disabled={disabled || full}
        maxLength={SKILL_MAX_LENGTH * 4}
        placeholder={full ? t('At most {{count}} skills', { count: SKILLS_MAX }) : input.placeholder}
        onChange={(event) => {
          const typed = event.target.value;
          // A comma (typed or pasted) ends a skill; what follows the last one stays in the box.
          const last = typed.lastIndexOf(',');
          if (last === -1) {
            setText(typed);
            return;
          }
          onChange(withSkills(value, typed.slice(0, last)));
          setText(typed.slice(last + 1).trimStart());
        }}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          if (text.trim() !== '') commit(text);
          onBlur?.(event);
        }}
        className="h-6 min-w-24 flex-1 bg-transparent px-1 text-base outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed md:text-sm"
      />
    </div>
  );
}
