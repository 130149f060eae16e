import { MERGE_MESSAGES, type MergePreview, type MergeRecipients, missingMergeFields } from '@lp/domain';
import type pg from 'pg';
import type { BlobStore } from '../../platform/blobs.js';
import { AppError } from '../../platform/errors.js';
import { convertToPdf, DocxError } from '../letters/index.js';
import { fillModule } from './docx-libs.js';
import { resolveRecipients } from './resolve-recipients.js';
import { getTemplate, templateBytes } from './templates.js';

/**
 * One recipient's letter as it will be made: their values, what is missing (then no letter, and
 * the reason the run would give) or the filled letter converted by the resident LibreOffice.
 */
export async function previewLetter(
  pool: pg.Pool,
  blobs: BlobStore,
  accountId: string,
  templateId: string,
  recipients: MergeRecipients,
  index: number,
  soffice: string | undefined,
): Promise<MergePreview> {
  const template = await getTemplate(pool, accountId, templateId);
  const all = await resolveRecipients(pool, accountId, recipients);
  const recipient = all[index];
  if (!recipient) throw new AppError('VALIDATION_FAILED', `There are ${all.length} recipients; ask for one of them.`);
  const values = Object.fromEntries(template.fields.map((f) => [f, recipient.values[f] ?? '']));
  const missing = missingMergeFields(template.fields, recipient.values);
  const base = { index, total: all.length, recipient_name: recipient.name, values, missing };
  if (missing.length) return { ...base, reason: MERGE_MESSAGES.missingFields(missing), pdf_base64: null };
  const { fillTemplate } = await fillModule();
  const docx = fillTemplate(await templateBytes(blobs, template), recipient.values);
  try {
    const pdf = await convertToPdf(docx, { soffice });
    return { ...base, reason: null, pdf_base64: pdf.toString('base64') };
  } catch (error) {
    if (error instanceof DocxError) throw new AppError('UNAVAILABLE', error.message);
    throw error;
  }
}
