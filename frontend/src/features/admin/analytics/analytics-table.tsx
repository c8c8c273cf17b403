import type { ReactNode } from 'react';
import { AdminTable } from '@/features/admin/shared/admin-table';

interface AnalyticsTableProps {
  caption: string;
  columns: readonly string[];
  /** Each row's key and its cells, in column order. */
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}

/**
 * A table of figures that becomes label/value cards on narrow screens (admin-table--stack), so
 * a phone never scrolls it sideways; the first column holds the row's name.
 */
export function AnalyticsTable({ caption, columns, rows }: AnalyticsTableProps) {
  return (
    <AdminTable className="admin-table--stack analytics-table" caption={caption} columns={columns} explicitRoles>
      {rows.map((row) => (
        <tr key={row.key} role="row">
          {row.cells.map((cell, index) => (
            <td key={columns[index]} role="cell" data-label={columns[index]}>
              {cell}
            </td>
          ))}
        </tr>
      ))}
    </AdminTable>
  );
}
