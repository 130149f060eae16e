import type { WindowLayout } from '@lp/domain';
import type pg from 'pg';
import { queueLetterAnalysis } from './queue-letter-analysis.js';
import { recordLetterHistory } from './record-letter-status.js';

/** A new letter: what every way in (an upload, a split, an imported invoice, a test letter) gives. */
export interface NewLetter {
  id: string;
  accountId: string;
  creatorId: string | null;
  name: string;
  status: string;
  blobKey: string;
  sizeBytes: number;
  documentType?: 'regular' | 'merged';
  sourceType?: 'pdf' | 'docx';
  sourceKey?: string | null;
  /** The merged letter it was cut from. */
  parentId?: string;
  customerId?: string | null;
  numPages?: number;
  recipientNameSnapshot?: string;
  recipientAddressSnapshot?: string[];
  postcode?: string;
  /** Page 1's layout (a letter the product made itself is not analysed). */
  layout?: WindowLayout;
  /** The first history row's reason (none by default). */
  reason?: string | null;
  /** Queue its analysis in the same transaction (a letter coming in Analysing). */
  analyse?: boolean;
  /** Came through a test API key: its deliveries go to the sandboxes and cost nothing (decision 0030). */
  testMode?: boolean;
}

const COLUMNS: Record<Exclude<keyof NewLetter, 'reason' | 'analyse'>, string> = {
  id: 'id',
  accountId: 'account_id',
  creatorId: 'creator_id',
  name: 'name',
  documentType: 'document_type',
  status: 'status',
  numPages: 'num_pages',
  recipientNameSnapshot: 'recipient_name_snapshot',
  recipientAddressSnapshot: 'recipient_address_snapshot',
  postcode: 'postcode',
  blobKey: 'blob_key',
  sizeBytes: 'size_bytes',
  sourceType: 'source_type',
  sourceKey: 'source_key',
  parentId: 'parent_id',
  customerId: 'customer_id',
  layout: 'layout',
  testMode: 'test_mode',
};

/**
 * The one insert of a letter, in the caller's transaction: the row (a field left out keeps the
 * column's default), its first history row and, when asked, its analysis job, so that a restart
 * resumes the letter and nothing sees it without its history.
 */
export async function createLetter(q: pg.ClientBase, letter: NewLetter): Promise<void> {
  const columns: string[] = [];
  const values: unknown[] = [];
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = letter[field as keyof typeof COLUMNS];
    if (value === undefined) continue;
    columns.push(column);
    values.push(field === 'layout' ? JSON.stringify(value) : value);
  }
  await q.query(
    `insert into letters (${columns.join(', ')}) values (${values.map((_, i) => `$${i + 1}`).join(', ')})`,
    values,
  );
  await recordLetterHistory(q, letter.id, letter.status, letter.reason ?? null);
  if (letter.analyse) await queueLetterAnalysis(q, letter.id);
}
