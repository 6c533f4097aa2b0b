import { Table } from '@mantine/core';

/** A column's heading; a column of figures is right-aligned under a `{ label, align: 'right' }`. */
export type TableColumn = string | { readonly label: string; readonly align: 'right' };

/** A table's head row, from its columns' headings. */
export function TableHeader({ columns }: { columns: readonly TableColumn[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <Table.Th key={column}>{column}</Table.Th>
          ) : (
            <Table.Th key={column.label} ta={column.align}>
              {column.label}
            </Table.Th>
          ),
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
