import { type CsvImportResult, importMessages, type TrelloImportResult } from '@shipyard/shared';
import { FileUp } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useImportCheck, useImportTasks } from '../api/import-tasks.ts';
import { CsvMappingTable, TrelloListsTable } from './import-mapping.tsx';
import { Outcome } from './import-outcome.tsx';
import { readImportFile, refusedErrors, requestOf, type Source } from './import-source.ts';
import { importTexts } from './import-texts.ts';

/** importMessages.imported in the reader's language (a test checks the English is the same). */
export const importedText = (count: number) => t('Imported {{count}} tasks', { count });

/**
 * The import wizard (issue 20): choose a file → map its columns (CSV) or its lists (Trello) with a
 * preview of the first rows → see row errors, nothing stored → Import, all or nothing.
 */
export default function ImportTasksDialog({
  productId,
  open,
  onOpenChange,
}: {
  productId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fileId = useId();
  const [source, setSource] = useState<Source | undefined>();
  const [result, setResult] = useState<CsvImportResult | TrelloImportResult | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const check = useImportCheck(productId);
  const run = useImportTasks(productId);

  const recheck = (next: Source) => {
    setSource(next);
    setProblem(undefined);
    check.mutate(requestOf(next), {
      onSuccess: (answer) => {
        setResult(answer);
        // The server's guess becomes the mapping the table shows (and sends from now on).
        if (next.kind === 'csv' && !next.mapping && 'mapping' in answer)
          setSource({ ...next, mapping: answer.mapping });
      },
      onError: (error) => {
        setResult(undefined);
        setProblem(getErrorMessage(error, t(importMessages.importFailed)));
      },
    });
  };

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setResult(undefined);
    setSource(undefined);
    if (!file) return;
    const read = await readImportFile(file);
    if ('problem' in read) setProblem(read.problem);
    else recheck(read.source);
  }

  function startImport() {
    if (!source) return;
    run.mutate(requestOf(source), {
      onSuccess: (answer) => {
        toast.success(importedText(answer.created));
        onOpenChange(false);
        setSource(undefined);
        setResult(undefined);
      },
      onError: (error) => {
        const refused = refusedErrors(error);
        if (refused && result) setResult({ ...result, ...refused });
        else toast.error(t(importMessages.importFailed), { description: getErrorMessage(error) });
      },
    });
  }

  const canImport = Boolean(result && result.errorCount === 0 && result.total > 0 && !check.isPending);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-5xl xl:max-w-6xl">
        <DialogHeader>
          <DialogTitle>{t(importTexts.title)}</DialogTitle>
          <DialogDescription>{t(importTexts.description)}</DialogDescription>
        </DialogHeader>

        <div className="grid gap-2">
          <Label htmlFor={fileId}>{t(importTexts.file)}</Label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.tsv,.txt,.json,text/csv,application/json"
            onChange={(event) => void chooseFile(event)}
            className="text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-transparent file:px-3 file:py-1.5 file:font-medium file:text-sm focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
        </div>

        <div aria-live="polite" className="grid gap-4">
          {check.isPending ? (
            <p className="flex items-center gap-2 text-muted-foreground text-sm">
              <Spinner aria-hidden="true" />
              {t(importTexts.checking)}
            </p>
          ) : null}
          {problem ? (
            <p role="alert" className="text-destructive text-sm">
              {t(problem)}
            </p>
          ) : null}
        </div>

        {source?.kind === 'csv' && result && 'headers' in result ? (
          <CsvMappingTable
            headers={result.headers}
            mapping={source.mapping ?? result.mapping}
            fields={result.fields}
            onChange={(mapping) => recheck({ ...source, mapping })}
          />
        ) : null}
        {source?.kind === 'trello' && result && 'lists' in result ? (
          <TrelloListsTable
            result={result}
            includeArchived={source.includeArchived}
            onChange={(lists, includeArchived) => recheck({ ...source, lists, includeArchived })}
          />
        ) : null}

        {result ? <Outcome result={result} trello={source?.kind === 'trello'} /> : null}

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t(importTexts.cancel)}
          </Button>
          <Button onClick={startImport} disabled={!canImport || run.isPending}>
            {run.isPending ? <Spinner aria-hidden="true" /> : <FileUp aria-hidden="true" />}
            {result ? importTexts.import(result.total) : t(importTexts.importNothing)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
