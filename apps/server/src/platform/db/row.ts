import type { Column, Table } from 'drizzle-orm';

/**
 * The row of a Drizzle table as node-postgres returns it for `select *` (raw SQL through
 * `pool.query<T>`), derived from the table's definition in schema.ts (issue 25, decision 0027 "Row
 * types"): keys are the columns' database names (`accountId: text('account_id')` gives `account_id`),
 * values what the driver's type parsers make of the column (no parser is changed: see
 * node_modules/pg-types/lib/textParsers.js), `| null` when the column may be null.
 *
 * - `timestamp` (with or without time zone) and `date` come back as a `Date`, whatever mode Drizzle
 *   is told (Drizzle's own queries parse them differently; raw queries do not).
 * - `bigint`/`bigserial` (int8) and `numeric` come back as a string even when the column is declared
 *   with `mode: 'number'`: that mode is Drizzle's own conversion, which a raw query does not run.
 * - `integer`, `boolean`, `text` are what Drizzle says (a `text(..., { enum })` or `.$type<>()` keeps
 *   its narrower type); `jsonb` is what `.$type<>()` says, else `unknown`.
 * - Arrays are arrays of what their element comes back as.
 */
export type DbRow<TTable extends Table> = {
  [K in keyof TTable['_']['columns'] as TTable['_']['columns'][K]['_']['name']]: ColumnValue<TTable['_']['columns'][K]>;
};

/** What node-postgres returns for one column of a table, `| null` when the column may be null. */
export type ColumnValue<TColumn extends Column> = TColumn['_']['notNull'] extends true
  ? DriverValue<TColumn['_']>
  : DriverValue<TColumn['_']> | null;

interface ColumnTypeInfo {
  columnType: string;
  data: unknown;
}

/** The column types whose driver value is not Drizzle's `data`. */
type DriverValue<T extends ColumnTypeInfo> = T['columnType'] extends
  | 'PgTimestamp'
  | 'PgTimestampString'
  | 'PgDate'
  | 'PgDateString'
  ? Date
  : T['columnType'] extends
        | 'PgBigInt53'
        | 'PgBigInt64'
        | 'PgBigSerial53'
        | 'PgBigSerial64'
        | 'PgNumeric'
        | 'PgNumericNumber'
        | 'PgNumericBigInt'
    ? string
    : T['columnType'] extends 'PgArray'
      ? T extends { baseBuilder: infer B extends ColumnTypeInfo }
        ? DriverValue<B>[]
        : T['data']
      : T['data'];

/**
 * A row type with some columns given a narrower type than the table's (a jsonb column's shape, a
 * text column's known values) where schema.ts cannot say it (the type lives in a module). Each
 * narrowed key must be a column of the row and its type must fit the column's, so this narrows, never
 * contradicts: `Narrow<UploadRow, { parts: StoredPart[] }>`.
 */
export type Narrow<TRow, TOver extends { [K in keyof TOver]: K extends keyof TRow ? TRow[K] : never }> = Omit<
  TRow,
  keyof TOver
> &
  TOver;

/** Columns read through a left join (or a lateral one): each is null when no row matched. */
export type LeftJoined<TRow> = { [K in keyof TRow]: TRow[K] | null };
