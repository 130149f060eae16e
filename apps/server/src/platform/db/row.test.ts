import type { WindowLayout } from '@lp/domain';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { scratchDatabase } from '../../test/harness.js';
import type { DbRow } from './row.js';
import type { AuditLogRow, HoldRow, LetterRow, MemberSpendRow, ParcelRow, StorageUploadRow, UserRow } from './rows.js';
import * as schema from './schema.js';

// The derivation (checked by the type check of the tests, tsconfig.test.json): a wrong mapping fails it.
describe('DbRow', () => {
  it('keys rows by the columns database names, not the TypeScript keys', () => {
    expectTypeOf<LetterRow>().toHaveProperty('account_id');
    expectTypeOf<LetterRow>().not.toHaveProperty('accountId');
    expectTypeOf<keyof DbRow<typeof schema.rateLimits>>().toEqualTypeOf<'key' | 'count' | 'expires_at'>();
  });

  it('types each column as node-postgres returns it, null when the column may be null', () => {
    expectTypeOf<LetterRow['id']>().toEqualTypeOf<string>();
    expectTypeOf<LetterRow['creator_id']>().toEqualTypeOf<string | null>();
    expectTypeOf<LetterRow['processed']>().toEqualTypeOf<boolean>();
    expectTypeOf<LetterRow['split_count']>().toEqualTypeOf<number | null>();
    expectTypeOf<LetterRow['delivery_channels']>().toEqualTypeOf<string[]>();
    expectTypeOf<LetterRow['recipient_address_snapshot']>().toEqualTypeOf<string[] | null>();
    // jsonb: unknown unless schema.ts gives it a type with $type (as it does to the values a check allows).
    expectTypeOf<AuditLogRow['before']>().toEqualTypeOf<unknown>();
    expectTypeOf<LetterRow['layout']>().toEqualTypeOf<WindowLayout | null>();
    expectTypeOf<HoldRow['status']>().toEqualTypeOf<'open' | 'captured' | 'released'>();
    // timestamptz and date: a Date (the pool keeps pg-types' parsers).
    expectTypeOf<LetterRow['created_at']>().toEqualTypeOf<Date>();
    expectTypeOf<LetterRow['delivered_on']>().toEqualTypeOf<Date | null>();
    expectTypeOf<MemberSpendRow['month']>().toEqualTypeOf<Date>();
    expectTypeOf<ParcelRow['collection_date']>().toEqualTypeOf<Date>();
    // int8 and numeric: a string, even when Drizzle's own mode is 'number'.
    expectTypeOf<LetterRow['size_bytes']>().toEqualTypeOf<string>();
    expectTypeOf<LetterRow['num_pages']>().toEqualTypeOf<string | null>();
    expectTypeOf<AuditLogRow['id']>().toEqualTypeOf<string>();
    expectTypeOf<UserRow['cap_pence']>().toEqualTypeOf<string>();
    expectTypeOf<ParcelRow['weight_kg']>().toEqualTypeOf<string>();
    expectTypeOf<StorageUploadRow['chunk_bytes']>().toEqualTypeOf<number>();
  });
});

// The assumptions under the derivation, checked against the database: the columns of schema.ts are
// those of the migrations (names, types, nullability), and the driver parses as DbRow says.
describe('DbRow against the database', () => {
  let pool: pg.Pool;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ pool, drop } = await scratchDatabase());
  });

  afterAll(() => drop());

  it('has every table of schema.ts with the same columns as the migrations made', async () => {
    const { rows } = await pool.query<{ table_name: string; column_name: string; type: string; not_null: boolean }>(
      `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type,
              a.attnotnull as not_null
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`,
    );
    const tables = Object.values(schema).filter((t) => is(t, PgTable));
    expect(tables.length).toBeGreaterThanOrEqual(42);
    const normalise = (type: string) =>
      type
        .replace(/\s+/g, '')
        .replace(/^bigserial$/, 'bigint')
        .replace(/^serial$/, 'integer');
    for (const table of tables) {
      const inDb = rows.filter((r) => r.table_name === getTableName(table));
      const columns = Object.values(getTableColumns(table));
      expect(
        columns
          .map((c) => `${getTableName(table)}.${c.name} ${normalise(c.getSQLType())}${c.notNull ? ' not null' : ''}`)
          .sort(),
      ).toEqual(
        inDb.map((r) => `${r.table_name}.${r.column_name} ${normalise(r.type)}${r.not_null ? ' not null' : ''}`).sort(),
      );
    }
  });

  it('gets from node-postgres what DbRow says: Date for timestamptz and date, string for int8 and numeric', async () => {
    const { rows } = await pool.query(
      `select now() as ts, current_date as d, 42::int8 as big, 1.50::numeric(9, 2) as num, 7::int4 as int,
              '{"a":1}'::jsonb as json, array['x']::text[] as arr`,
    );
    const row = rows[0];
    expect(row.ts).toBeInstanceOf(Date);
    expect(row.d).toBeInstanceOf(Date);
    expect(row.big).toBe('42');
    expect(row.num).toBe('1.50');
    expect(row.int).toBe(7);
    expect(row.json).toEqual({ a: 1 });
    expect(row.arr).toEqual(['x']);
  });
});
