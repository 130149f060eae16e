// The public face of modules/letters: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { addressSheetPdf } from './address-sheet.js';
export { ANALYSE_TASK, runAnalysis } from './analyse.js';
export { createLetter, type NewLetter } from './create-letter.js';
export { cutPages } from './cut-pages.js';
export {
  convertMarkedToPdf,
  convertToPdf,
  DocxError,
  inspectDocx,
  inspectPackage,
  readPart,
  SPREADSHEET_PACKAGE,
  sanitiseDocx,
  type ZipEntry,
} from './docx.js';
export { type FindLetterOptions, findLetter, type LetterReader } from './find-letter.js';
export { onLetterAnalysed, setLetterCloudSyncsReader } from './hooks.js';
export { loadLetterForJob } from './load-letter-for-job.js';
export { closeOfficeConverters } from './office-converter.js';
export { pdfInfo } from './poppler.js';
export { PROPOSE_SPLIT_TASK, runSplitProposal } from './propose-split.js';
export {
  type LetterStatusChanges,
  letterColumnSql,
  type RecordLetterStatusOptions,
  recordLetterHistory,
  recordLetterStatus,
} from './record-letter-status.js';
export { registerLetterRoutes } from './routes.js';
export { runSplit, SPLIT_TASK } from './split.js';
export { SWEEP_TASK, stuckLettersStep, sweepStuckLetters } from './sweep.js';
export { type LetterScope, supervisedDepartmentIds } from './visibility.js';
