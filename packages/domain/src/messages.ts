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
  /** The not-registered flow (part 1 section 4: the user lookup answered 404). */
  notRegisteredTitle: 'This email is not registered with a company',
  notRegistered:
    'You signed in, but no LetterPost company has this email as a member. Register your company, or ask your company’s owner to invite you.',
} as const;

/** The letter screens' texts: the spec's own (part 1 section 8) quoted exactly, and ours beside them. */
/** What the letter panel and the API say about the address fixes (decision 0026). */
export const LETTER_FIX_MESSAGES = {
  reset: 'The address is being set again inside the window on page 1. Check the preview before you send it.',
  resetUndone: 'The re-set address was undone: the letter is as you uploaded it.',
  resetNotApplicable:
    'The address can be re-set for a letter whose address runs outside the window or leaves the barcode no room.',
  resetNotOffered:
    'Something besides the address is in the window, and re-setting would white it out: add an address sheet instead.',
  oneFixAtATime: 'Take the other fix off first: a letter has either an address sheet or a re-set address.',
  recipientSaved: 'The recipient was saved. The letter is checked again with it.',
  recipientLocked: 'The recipient can be corrected before the letter is sent, once it has been analysed.',
  resetAdvice:
    'Re-set the address on page 1: the address area is whited out and the address set again inside the window in a standard font. The rest of the letter is not changed.',
} as const;

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
  addressSheetAdded: 'An address sheet was put in front of the letter. Check the preview before you send it.',
  addressSheetRemoved: 'The address sheet was taken off: the letter is as you uploaded it.',
  addressSheetAdvice:
    'Add an address sheet: a first page with the address set where the window shows it, so the barcode has room. The letter itself is not changed; the extra sheet is priced when it is posted.',
  splitStarted: 'Splitting the letter...',
  splitDone: (n: number) => `This letter was split into ${n} ${n === 1 ? 'letter' : 'letters'}.`,
  splitFailed: 'The letter could not be split.',
  splitting: 'This letter is being split into its letters...',
  splitFinding: 'Finding the letters…',
  splitReviewTitle: 'Review the split',
  splitReviewHelp:
    'The pages of the file in order. A bar marks where each letter starts: tick or untick "Starts a new letter" under a page to move the cuts.',
  splitProposed: (n: number) =>
    n < 2
      ? 'Mark where each letter starts, then create the letters.'
      : `${n} letters were found. Review the split to create them.`,
  splitLetters: (n: number) => `${n} ${n === 1 ? 'letter' : 'letters'}`,
  splitCreate: (n: number) => `Create ${n} ${n === 1 ? 'letter' : 'letters'}`,
  splitStartsNewLetter: 'Starts a new letter',
  splitConfirmed: 'Creating the letters...',
  splitNeedsTwo: 'Mark the page where the second letter starts: a split gives two letters at least.',
  splitNoSecondLetter: 'No second letter was found: no page after the first has an address in the window.',
  splitUnreadable: 'The file could not be split. Re-save it as a standard PDF and try again.',
  trashed: (n: number) => (n === 1 ? 'The letter was moved to the trash.' : `${n} letters were moved to the trash.`),
  restored: (n: number) => (n === 1 ? 'The letter was restored.' : `${n} letters were restored.`),
  deleted: (n: number) => (n === 1 ? 'The letter was deleted permanently.' : `${n} letters were deleted permanently.`),
  processed: (n: number) => (n === 1 ? 'The letter was marked processed.' : `${n} letters were marked processed.`),
} as const;
