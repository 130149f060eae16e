import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A list read from the API as the Developers section shows each of its lists (API keys, webhook
 * endpoints, an endpoint's attempts): the error when the read failed, the "none" text once it
 * answered empty, otherwise a small table with a header row and one row of cells per item.
 */
export function ListedTable<T>({
  query,
  rows,
  none,
  label,
  columns,
  rowKey,
  cells,
}: {
  query: { isError: boolean; isSuccess: boolean; error: Error | null };
  rows: readonly T[];
  none: string;
  label: string;
  columns: readonly string[];
  rowKey: (row: T) => string;
  /** One node per column, in the columns' order. */
  cells: (row: T) => ReactNode[];
}) {
  return (
    <>
      {query.isError ? <Alert severity="error">{query.error?.message}</Alert> : null}
      {query.isSuccess && rows.length === 0 ? <Typography color="text.secondary">{none}</Typography> : null}
      {rows.length > 0 ? (
        <TableContainer>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c}>{c}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={rowKey(row)}>
                  {cells(row).map((cell, i) => (
                    <TableCell key={columns[i] ?? i}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </>
  );
}
