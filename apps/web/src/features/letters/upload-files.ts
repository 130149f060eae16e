import { UPLOAD_MAX_FILES } from '@lp/domain';
import { LETTER_MESSAGES, MAX_UPLOAD_MB } from './messages';

const PDF_TYPE = 'application/pdf';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The file picker's `accept`: PDF or DOCX by extension and by type. */
export const ACCEPT = `.pdf,.docx,${PDF_TYPE},${DOCX_TYPE}`;

/** PDF or DOCX by name or type (the server checks the content again). */
export function isLetterFile(file: Pick<File, 'name' | 'type'>): boolean {
  const name = file.name.toLowerCase();
  return name.endsWith('.pdf') || name.endsWith('.docx') || file.type === PDF_TYPE || file.type === DOCX_TYPE;
}

export interface FileChoice {
  /** The files that may be added (in order). */
  accepted: File[];
  /** Each refused file with the reason. */
  rejected: { name: string; reason: string }[];
  /** More than the batch allows were chosen: the ones beyond the limit were left out. */
  overLimit: boolean;
}

/** Sorts newly chosen files: PDF or DOCX only, at most 50 MB each, and at most 100 in the batch (with those already chosen). */
export function chooseFiles(alreadyChosen: number, files: readonly File[]): FileChoice {
  const accepted: File[] = [];
  const rejected: FileChoice['rejected'] = [];
  let overLimit = false;
  for (const file of files) {
    if (!isLetterFile(file)) rejected.push({ name: file.name, reason: LETTER_MESSAGES.onlyPdfOrDocx });
    else if (file.size > MAX_UPLOAD_MB * 1024 * 1024)
      rejected.push({ name: file.name, reason: LETTER_MESSAGES.tooLarge });
    else if (alreadyChosen + accepted.length >= UPLOAD_MAX_FILES) overLimit = true;
    else accepted.push(file);
  }
  return { accepted, rejected, overLimit };
}

/** A file size for people: "840 B", "12.5 KB", "3.2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
