import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { DateTimeRangeFilter } from './date-time-range';
import { describeDateRange } from './query';
import type { DataTableColumn, TableFilters } from './types';

export const FILTER_BY = 'Filter by:';
export const CLEAR_FILTERS = 'Clear Filters';
/** The empty choice of a filter selector. */
export const ANY_VALUE = 'All';

export interface FilterBarProps<T> {
  columns: readonly DataTableColumn<T>[];
  filters: TableFilters;
  options: Record<string, readonly string[]>;
  onChange: (key: string, values: readonly string[]) => void;
  onClear: () => void;
}

/** The text of a filter value: the column's own formatting, a date range, or the value. */
export function filterValueText<T>(column: DataTableColumn<T>, value: string): string {
  if (column.formatFilterValue) return column.formatFilterValue(value);
  if (column.date) return describeDateRange(value);
  return value;
}

/** "Filter by:", one selector per filterable column, a deletable chip per active filter and "Clear Filters". */
export function FilterBar<T>({ columns, filters, options, onChange, onClear }: FilterBarProps<T>) {
  const titleId = useId();
  const filterable = columns.filter((c) => c.filterable);
  if (filterable.length === 0) return null;
  const active = filterable.flatMap((c) => (filters[c.key] ?? []).map((value) => ({ column: c, value })));
  return (
    <Box
      role="group"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, py: 1 }}
    >
      <Typography id={titleId} variant="body2" sx={{ fontWeight: 600 }}>
        {FILTER_BY}
      </Typography>
      {filterable.map((column) =>
        column.date ? (
          <DateTimeRangeFilter
            key={column.key}
            label={column.label}
            value={filters[column.key]?.[0]}
            onApply={(value) => onChange(column.key, value ? [value] : [])}
          />
        ) : (
          <FilterSelect
            key={column.key}
            column={column}
            value={filters[column.key]?.[0] ?? ''}
            options={options[column.key] ?? []}
            onChange={(value) => onChange(column.key, value ? [value] : [])}
          />
        ),
      )}
      {active.map(({ column, value }) => (
        <Chip
          key={`${column.key}:${value}`}
          label={`${column.label}: ${filterValueText(column, value)}`}
          onDelete={() =>
            onChange(
              column.key,
              (filters[column.key] ?? []).filter((v) => v !== value),
            )
          }
          size="small"
          color="primary"
          variant="outlined"
        />
      ))}
      {active.length > 0 ? (
        <Button size="small" onClick={onClear}>
          {CLEAR_FILTERS}
        </Button>
      ) : null}
    </Box>
  );
}

/** A native select (keyboard and screen-reader friendly) with the values the server offers. */
function FilterSelect<T>({
  column,
  value,
  options,
  onChange,
}: {
  column: DataTableColumn<T>;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  // Keep the current value choosable even when the latest answer no longer offers it.
  const values = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <FormControl size="small" sx={{ minWidth: 160 }}>
      <InputLabel htmlFor={id} shrink>
        {column.label}
      </InputLabel>
      <Select
        native
        value={value}
        onChange={(e) => onChange(String(e.target.value))}
        input={<OutlinedInput label={column.label} notched />}
        inputProps={{ id }}
      >
        <option value="">{ANY_VALUE}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {filterValueText(column, v)}
          </option>
        ))}
      </Select>
    </FormControl>
  );
}
