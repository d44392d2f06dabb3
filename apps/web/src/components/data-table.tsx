import type { ComponentProps, Key, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from './ui/table.tsx';

export type DataTableColumn<T> = {
  header: ReactNode;
  /** Classes of the column's header cell (alignment, when it hides on small screens). */
  headClassName?: string;
  /** Classes of the column's body cells. */
  className?: string;
  /** What a body cell says about its row beyond its classes (a title, a marker). */
  cellProps?: (row: T) => ComponentProps<typeof TableCell>;
  cell: (row: T) => ReactNode;
};

type DataTableProps<T> = Omit<ComponentProps<typeof Table>, 'children'> & {
  columns: ReadonlyArray<DataTableColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T, index: number) => Key;
  /** A caption (the table's name and a note under it), with its classes. */
  caption?: ReactNode;
  captionClassName?: string;
  headerRowClassName?: string;
  /** What a body row says about its item (a state to style or test by). */
  rowProps?: (row: T) => ComponentProps<typeof TableRow>;
};

/** A table of rows under a list of columns: one header row, one body row per item. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  rowProps,
  caption,
  captionClassName,
  headerRowClassName,
  ...table
}: DataTableProps<T>) {
  return (
    <Table {...table}>
      {caption === undefined ? null : <TableCaption className={captionClassName}>{caption}</TableCaption>}
      <TableHeader>
        <TableRow className={headerRowClassName}>
          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position; the list is fixed per render.
            <TableHead key={index} scope="col" className={column.headClassName}>
              {column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, rowIndex) => (
          <TableRow key={rowKey(row, rowIndex)} {...rowProps?.(row)}>
            {columns.map((column, index) => {
              const props = column.cellProps?.(row);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position; the list is fixed per render.
                <TableCell key={index} {...props} className={cn(column.className, props?.className)}>
                  {column.cell(row)}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
