import { UPLOAD_MAX_FILES, UPLOAD_MAX_MB } from './constants.js';

/** Every user-facing text of the spec used by code, defined once. */
export const MESSAGES = {
  required: 'This field is required',
  minLength: (n: number) => `Must have at least ${n} characters`,
  maxLength: (n: number) => `Must have at most ${n} characters`,
  passwordMin: 'Must be at least 8 characters long',
  number: 'Must be a number',
  email: 'Must be a valid email address',
  ukPhone: 'Must be a valid UK phone number',
  permissionDenied: 'Permission denied',
  genericError: 'An error occured',
  alreadyRegistered: 'It looks like you already have an account with us.',
  resetPasswordLink: "Click here if you'd like to reset your password",
  upgradePlan: 'Please upgrade your plan in order to use this feature!',
  idleWarning: 'You will be signed out due to being inactive',
  welcomeBack: (firstName: string) => `Welcome back, ${firstName}`,
  welcome: (firstName: string) => `Welcome, ${firstName}!`,
  suspended: (planName: string) =>
    `Your account has been suspended. You didn't have sufficient funds for your ${planName} subscription.`,
  companyNotFound: 'We could not find a registered active company with this ID.',
} as const;

/** The letter screens' texts: the spec's own (part 1 section 8) quoted exactly, and ours beside them. */
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
  tooLarge: `A letter can be at most ${UPLOAD_MAX_MB} MB.`,
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
