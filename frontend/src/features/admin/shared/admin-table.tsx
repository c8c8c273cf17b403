import type { ReactNode } from 'react';

interface AdminTableProps {
  /** Classes after `admin-table` (the table's own layout). */
  className?: string;
  /** Said to screen readers only. */
  caption?: string;
  /** The column headings, in order. */
  columns: readonly string[];
  /**
   * Spell out the table roles: a table restyled as cards on narrow screens loses its table
   * semantics in some browsers without them.
   */
  explicitRoles?: boolean;
  /** The body rows. */
  children: ReactNode;
}

/** An admin list as a table that scrolls sideways inside its card when it is too wide. */
export function AdminTable({ className, caption, columns, explicitRoles = false, children }: AdminTableProps) {
  const role = (name: string) => (explicitRoles ? name : undefined);
  return (
    <div className="admin-table-wrap">
      <table className={className ? `admin-table ${className}` : 'admin-table'} role={role('table')}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead role={role('rowgroup')}>
          <tr role={role('row')}>
            {columns.map((column) => (
              <th key={column} scope="col" role={role('columnheader')}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={role('rowgroup')}>{children}</tbody>
      </table>
    </div>
  );
}
