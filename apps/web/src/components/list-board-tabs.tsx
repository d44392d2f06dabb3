import { ListIcon, SquareKanbanIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { t } from '../lib/i18n/index.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './ui/tabs.tsx';

/** The two ways a page shows its collection (products, tasks): a list, or a Kanban board. */
type ListBoardView = 'list' | 'board';

/** A page's List View and Kanban Board tabs, around its toolbar (with `ListBoardTabsList`) and `ListBoardPanels`. */
export function ListBoardTabs({
  view,
  onViewChange,
  children,
}: {
  view: ListBoardView;
  onViewChange: (view: ListBoardView) => void;
  children: ReactNode;
}) {
  return (
    <Tabs
      value={view}
      onValueChange={(next) => onViewChange(next === 'board' ? 'board' : 'list')}
      className="min-w-0 gap-4"
    >
      {children}
    </Tabs>
  );
}

/** The tabs themselves: on a phone they take a row of their own, each half of it. */
export function ListBoardTabsList({ className }: { className?: string }) {
  return (
    <TabsList className={cn('grid h-9 w-full grid-cols-2 sm:inline-flex sm:w-fit', className)}>
      <TabsTrigger value="list" className="px-3">
        <ListIcon aria-hidden="true" />
        {t('List View')}
      </TabsTrigger>
      <TabsTrigger value="board" className="px-3">
        <SquareKanbanIcon aria-hidden="true" />
        {t('Kanban Board')}
      </TabsTrigger>
    </TabsList>
  );
}

/** What each tab shows. */
export function ListBoardPanels({ list, board }: { list: ReactNode; board: ReactNode }) {
  return (
    <>
      <TabsContent value="list" className="min-w-0">
        {list}
      </TabsContent>
      <TabsContent value="board" className="min-w-0">
        {board}
      </TabsContent>
    </>
  );
}
