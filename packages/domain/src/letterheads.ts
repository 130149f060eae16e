/**
 * Letterheads (part 2 sections 2, 3, 4, 5, 8 and 9): up to two a company, primary and secondary,
 * a PDF (its first page) or an image, applied behind a letter's own content when it is sent.
 */

export const LETTERHEAD_KINDS = ['primary', 'secondary'] as const;
export type LetterheadKind = (typeof LETTERHEAD_KINDS)[number];

/** Where a letterhead goes on a letter: none, page 1 only, or every page. */
export const LETTERHEAD_PLACEMENTS = ['first_page', 'every_page'] as const;
export type LetterheadPlacement = (typeof LETTERHEAD_PLACEMENTS)[number];

/** The preview's size (part 2 section 9), A4 in points. */
export const LETTERHEAD_PREVIEW = { width: 595, height: 841 } as const;
/** A letterhead file is at most this big. */
export const LETTERHEAD_MAX_BYTES = 10 * 1024 * 1024;

const capitalised = (kind: LetterheadKind) => kind.charAt(0).toUpperCase() + kind.slice(1);

export const LETTERHEAD_MESSAGES = {
  title: (kind: LetterheadKind) => `${capitalised(kind)} letterhead`,
  started: (kind: LetterheadKind) => `Started ${kind} letterhead upload`,
  uploaded: (kind: LetterheadKind) => `Your ${kind} letterhead was uploaded successfully!`,
  failed: 'An error occured when uploading your letterhead, please try again later',
  oneFile: 'Choose exactly one file to upload as a letterhead.',
  type: 'A letterhead is a PDF, a PNG or a JPEG image.',
  tooLarge: `A letterhead can be at most ${LETTERHEAD_MAX_BYTES / 1024 / 1024} MB.`,
  deleted: (kind: LetterheadKind) => `Your ${kind} letterhead was deleted.`,
  missing: (kind: LetterheadKind) => `There is no ${kind} letterhead: upload one on the Letterheads page first.`,
} as const;
