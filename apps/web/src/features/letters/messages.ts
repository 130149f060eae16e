import { UPLOAD_MAX_FILES } from '@lp/domain';

/**
 * The letter screens' texts. The spec's own (part 1 section 8) are quoted exactly; they belong in
 * @lp/domain's MESSAGES beside the others, where the server can share them (asked for).
 */
export const LETTER_MESSAGES = {
  uploadAllUploaded: 'All letters have been uploaded successfully!',
  uploadAllFailed: 'All letters failed to upload!',
  uploadMixed: 'Some letters have been uploaded, while others failed to upload!',
  uploadPending: (done: number, total: number) => `Uploading letters... ${done} of ${total}`,
  metadataFailed: "An error occured while fetching your document's metadata. Please try again.",
  corrupted:
    'This letter could not be read. Make sure the file is a standard PDF, then re-save it (for example with "Save as PDF") and upload it again.',
  loadingDocument: 'Loading document...',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  /** The server's own 415 text, also shown before a wrong file is sent. */
  onlyPdfOrDocx: 'Only PDF or DOCX files can be uploaded.',
  tooManyFiles: `At most ${UPLOAD_MAX_FILES} files can be uploaded at once.`,
  tooLarge: (mb: number) => `A letter can be at most ${mb} MB.`,
  recipientEmailRequired: "You must enter the recipient's email address before delivering!",
  recipientEmailInvalid: 'The email you entered is invalid! Please enter a valid email',
  noChannel: 'Choose at least one delivery channel.',
  deliveryNotAvailable: 'Delivering letters is not available yet.',
  cancelNotAvailable: 'Cancelling a scheduled delivery is not available yet.',
  splitStarted: 'Splitting the letter...',
  splitDone: (n: number) => `This letter was split into ${n} ${n === 1 ? 'letter' : 'letters'}.`,
  splitFailed: 'The letter could not be split.',
  splitting: 'This letter is being split into its letters...',
  trashed: (n: number) => (n === 1 ? 'The letter was moved to the trash.' : `${n} letters were moved to the trash.`),
  restored: (n: number) => (n === 1 ? 'The letter was restored.' : `${n} letters were restored.`),
  deleted: (n: number) => (n === 1 ? 'The letter was deleted permanently.' : `${n} letters were deleted permanently.`),
  processed: (n: number) => (n === 1 ? 'The letter was marked processed.' : `${n} letters were marked processed.`),
} as const;

/** The largest letter file the server takes (50 MB). */
export const MAX_UPLOAD_MB = 50;
