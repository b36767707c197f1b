import type { ReactNode } from 'react';

export interface Column<Row> {
  /** The header cell's content. */
  header: ReactNode;
  headerClassName?: string;
  cell: (row: Row) => ReactNode;
  /** Padding, alignment and, for a table laid out as a grid on a phone, the cell's place in the grid. */
  cellClassName?: string | ((row: Row) => string);
  /** The row's name: the cell is a row header. */
  rowHeader?: boolean;
}

interface DataTableProps<Row> {
  /** Says what the table lists; hidden unless `captionClassName` shows it. */
  caption: ReactNode;
  captionClassName?: string;
  className: string;
  headClassName?: string;
  headRowClassName?: string;
  bodyClassName?: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowClassName?: string | ((row: Row) => string);
  /** Attributes of a row that tests or styles read, e.g. `data-excluded`. */
  rowData?: (row: Row) => Record<`data-${string}`, string | true | undefined>;
  /**
   * For a table whose rows a phone lays out as grids: CSS display drops a table's implicit roles, so every
   * part says its role explicitly.
   */
  explicitRoles?: boolean;
}

/** A table of rows by columns, each column with its header and the way it draws a row's cell. */
export function DataTable<Row>({
  caption,
  captionClassName = 'sr-only',
  className,
  headClassName,
  headRowClassName,
  bodyClassName,
  columns,
  rows,
  rowKey,
  rowClassName,
  rowData,
  explicitRoles = false,
}: DataTableProps<Row>) {
  const role = (name: string) => (explicitRoles ? name : undefined);
  return (
    <table role={role('table')} className={className}>
      <caption className={captionClassName}>{caption}</caption>
      <thead role={role('rowgroup')} className={headClassName}>
        <tr role={role('row')} className={headRowClassName}>
          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table
            <th key={index} role={role('columnheader')} scope="col" className={column.headerClassName}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role={role('rowgroup')} className={bodyClassName}>
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            role={role('row')}
            className={typeof rowClassName === 'function' ? rowClassName(row) : rowClassName}
            {...rowData?.(row)}
          >
            {columns.map((column, index) => {
              const cellClass =
                typeof column.cellClassName === 'function' ? column.cellClassName(row) : column.cellClassName;
              return column.rowHeader ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table
                <th key={index} role={role('rowheader')} scope="row" className={cellClass}>
                  {column.cell(row)}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table
                <td key={index} role={role('cell')} className={cellClass}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
