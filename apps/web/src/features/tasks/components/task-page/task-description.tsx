import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Markdown } from '../../../../components/markdown.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs.tsx';
import { Textarea } from '../../../../components/ui/textarea.tsx';
import { t } from '../../../../lib/i18n/index.ts';

/** The description's cap (packages/shared tasks.ts): the field stops there. */
const DESCRIPTION_MAX = 5000;

type TaskDescriptionProps = {
  description: string;
  canEdit: boolean;
  /** Saves the description; answers whether it was saved. */
  onSave: (description: string) => Promise<boolean>;
};

/**
 * The markdown description, rendered (no raw HTML, safe links), and edited in place: Write and
 * Preview tabs, Save (or Ctrl/⌘+Enter) and Cancel (or Escape).
 */
export function TaskDescription({ description, canEdit, onSave }: TaskDescriptionProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (draft === null) {
    return (
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <h2 className="font-medium text-sm">{t('Description')}</h2>
          {canEdit ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('Edit description')}
              onClick={() => setDraft(description)}
            >
              <PencilIcon aria-hidden="true" />
              {t('Edit')}
            </Button>
          ) : null}
        </div>
        {description.trim() ? (
          <Markdown source={description} />
        ) : (
          <p className="text-muted-foreground text-sm">{t('No description.')}</p>
        )}
      </div>
    );
  }

  const save = async () => {
    if (draft === description) return setDraft(null);
    setSaving(true);
    const saved = await onSave(draft);
    setSaving(false);
    if (saved) setDraft(null);
  };

  return (
    <div className="grid gap-2">
      <h2 className="font-medium text-sm">{t('Description')}</h2>
      <Tabs defaultValue="write" className="gap-2">
        <TabsList>
          <TabsTrigger value="write">{t('Write')}</TabsTrigger>
          <TabsTrigger value="preview">{t('Preview')}</TabsTrigger>
        </TabsList>
        <TabsContent value="write">
          <Textarea
            autoFocus
            data-own-escape=""
            aria-label={t('Description')}
            value={draft}
            maxLength={DESCRIPTION_MAX}
            rows={8}
            placeholder={t(
              'What needs doing, and when is it done? Markdown works: **bold**, lists, - [ ] tasks, `code`.',
            )}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                setDraft(null);
              } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                void save();
              }
            }}
            className="max-h-[60vh] min-h-32"
          />
          <p className="mt-1 text-end text-muted-foreground text-xs tabular-nums">
            {draft.length}/{DESCRIPTION_MAX}
          </p>
        </TabsContent>
        <TabsContent value="preview" className="min-h-32 rounded-md border px-3 py-2">
          {draft.trim() ? (
            <Markdown source={draft} />
          ) : (
            <p className="text-muted-foreground text-sm">{t('Nothing to preview.')}</p>
          )}
        </TabsContent>
      </Tabs>
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={() => setDraft(null)} disabled={saving}>
          {t('Cancel')}
        </Button>
        <Button size="sm" onClick={() => void save()} disabled={saving}>
          {t('Save')}
        </Button>
      </div>
    </div>
  );
}
