import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { MERGE_LIMITS, MERGE_MESSAGES, type MergeTemplate } from '@lp/domain';
import type pg from 'pg';
import type { BlobStore } from '../../platform/blobs.js';
import type { MergeTemplateRow } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { DocxError, inspectDocx, sanitiseDocx } from '../letters/index.js';
import { fillModule } from './docx-libs.js';
import type { PreparedTemplate } from './fill.js';

type TemplateRow = Pick<MergeTemplateRow, 'id' | 'name' | 'fields' | 'size_bytes' | 'created_at' | 'blob_key'> & {
  creator_name: string | null;
};

const SELECT = `select t.id, t.name, t.fields, t.size_bytes, t.created_at, t.blob_key, u.name as creator_name
  from merge_templates t left join users u on u.id = t.creator_id`;

export const templateAnswer = (r: TemplateRow): MergeTemplate => ({
  id: r.id,
  name: r.name,
  fields: r.fields,
  size_bytes: r.size_bytes,
  created_at: r.created_at.toISOString(),
  creator_name: r.creator_name,
});

/**
 * A Word letter uploaded as a template: checked and cleaned as any Word upload is (zip bounds,
 * macros and outside links removed), its MERGEFIELDs turned into tags, its fields listed, stored.
 */
export async function createTemplate(
  q: pg.Pool,
  blobs: BlobStore,
  owner: { accountId: string; userId: string | null },
  file: { name: string; bytes: Buffer },
): Promise<MergeTemplate> {
  if (file.bytes.subarray(0, 4).toString('latin1') !== 'PK\u0003\u0004')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MERGE_MESSAGES.onlyDocx);
  const { MergeTemplateError, prepareTemplate } = await fillModule();
  let prepared: PreparedTemplate;
  try {
    const { docx } = await sanitiseDocx(file.bytes, inspectDocx(file.bytes));
    prepared = prepareTemplate(docx);
  } catch (error) {
    if (error instanceof DocxError || error instanceof MergeTemplateError)
      throw new AppError('VALIDATION_FAILED', error.message);
    throw error;
  }
  const id = randomUUID();
  const blobKey = `merge-templates/${owner.accountId}/${id}.docx`;
  await blobs.put(blobKey, Readable.from([prepared.docx]));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const name = (file.name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'template.docx').slice(0, 255);
  try {
    const { rows } = await q.query<TemplateRow>(
      `with t as (insert into merge_templates (id, account_id, creator_id, name, blob_key, size_bytes, fields)
                  values ($1, $2, $3, $4, $5, $6, $7) returning *)
       select t.id, t.name, t.fields, t.size_bytes, t.created_at, t.blob_key, u.name as creator_name
         from t left join users u on u.id = t.creator_id`,
      [id, owner.accountId, owner.userId, name, blobKey, prepared.docx.length, prepared.fields],
    );
    return templateAnswer(rows[0]!);
  } catch (error) {
    await blobs.delete(blobKey);
    throw error;
  }
}

/** The company's templates, newest first (bounded: a company keeps a handful). */
export async function listTemplates(q: pg.Pool, accountId: string): Promise<MergeTemplate[]> {
  const { rows } = await q.query<TemplateRow>(
    `${SELECT} where t.account_id = $1 order by t.created_at desc, t.id limit ${MERGE_LIMITS.maxTemplates}`,
    [accountId],
  );
  return rows.map(templateAnswer);
}

/** One of the company's templates, or 404 (another company's id is not found). */
export async function getTemplate(q: pg.Pool | pg.ClientBase, accountId: string, id: string): Promise<TemplateRow> {
  const { rows } = await q.query<TemplateRow>(`${SELECT} where t.account_id = $1 and t.id = $2`, [accountId, id]);
  if (!rows[0]) throw new AppError('NOT_FOUND', MERGE_MESSAGES.notFound);
  return rows[0];
}

/** The prepared package's bytes. */
export async function templateBytes(blobs: BlobStore, row: Pick<MergeTemplateRow, 'blob_key'>): Promise<Buffer> {
  return buffer(blobs.read(row.blob_key));
}

/** Deletes a template; runs made from it keep its name, and their letters are untouched. */
export async function deleteTemplate(q: pg.Pool, blobs: BlobStore, accountId: string, id: string): Promise<void> {
  const { rows } = await q.query<Pick<MergeTemplateRow, 'blob_key'>>(
    'delete from merge_templates where account_id = $1 and id = $2 returning blob_key',
    [accountId, id],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND', MERGE_MESSAGES.notFound);
  await blobs.delete(rows[0].blob_key);
}
