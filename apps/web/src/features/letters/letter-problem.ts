import { findPostcode, isNoAddressFailure as isNoAddressReason, LETTER_PROBLEM_WORDS, LETTER_STATUS } from '@lp/domain';
import type { Letter } from './api';

/** A Failed to Analyse letter whose page was read but had no address in the window. */
export function isNoAddressFailure(letter: Pick<Letter, 'status' | 'status_reason'>): boolean {
  return isNoAddressReason(letter.status, letter.status_reason);
}

const PROBLEM_WORDS: Partial<Record<string, string>> = {
  [LETTER_STATUS.addressOutsideWindow]: LETTER_PROBLEM_WORDS.addressOutsideWindow,
  [LETTER_STATUS.windowNotClear]: LETTER_PROBLEM_WORDS.windowNotClear,
  [LETTER_STATUS.addressToConfirm]: LETTER_PROBLEM_WORDS.addressToConfirm,
  [LETTER_STATUS.invalidPostcode]: LETTER_PROBLEM_WORDS.invalidPostcode,
  [LETTER_STATUS.barcodeAreaNotEmpty]: LETTER_PROBLEM_WORDS.noBarcodeRoom,
  [LETTER_STATUS.corrupted]: LETTER_PROBLEM_WORDS.corrupted,
  [LETTER_STATUS.failedToAnalyse]: LETTER_PROBLEM_WORDS.failedToAnalyse,
};

/** What is wrong, in a word, with a letter that cannot be posted as it is; null for any other letter. */
export function letterProblemWord(letter: Pick<Letter, 'status' | 'status_reason'>): string | null {
  if (isNoAddressFailure(letter)) return LETTER_PROBLEM_WORDS.noAddress;
  return PROBLEM_WORDS[letter.status] ?? null;
}

/** True for a part of an address that says something (not blank, not only commas or dots). */
export const hasWords = (text: string | null | undefined): text is string => !!text && /[\p{L}\p{N}]/u.test(text);

/** The recipient's address lines as read, without the name repeated first and without blank parts. */
export function recipientLines(letter: Pick<Letter, 'recipient_name_snapshot' | 'recipient_address_snapshot'>) {
  const name = letter.recipient_name_snapshot?.trim();
  const lines = (letter.recipient_address_snapshot ?? []).map((l) => l.trim()).filter(hasWords);
  return name && lines[0] === name ? lines.slice(1) : lines;
}

/** The recipient on one line ("Mr John Smith, 10 High Street, London, SW1A 1AA"), or null when nothing was read. */
export function recipientSummary(
  letter: Pick<Letter, 'recipient_name_snapshot' | 'recipient_address_snapshot' | 'postcode'>,
): string | null {
  const lines = recipientLines(letter);
  const postcode = hasWords(letter.postcode) ? letter.postcode.trim() : null;
  const parts = [
    ...(hasWords(letter.recipient_name_snapshot) ? [letter.recipient_name_snapshot.trim()] : []),
    ...lines,
    ...(postcode && !lines.some((l) => l.toUpperCase().includes(postcode.toUpperCase())) ? [postcode] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The most address lines the correction form takes (besides the name and postcode). */
export const MAX_RECIPIENT_LINES = 6;

/** The correction form's starting values: the recipient as read, the last line left out when it is just the postcode. */
export function recipientFormValues(
  letter: Pick<Letter, 'recipient_name_snapshot' | 'recipient_address_snapshot' | 'postcode'>,
): { name: string; lines: string[]; postcode: string } {
  const lines = recipientLines(letter);
  const last = lines.at(-1);
  const compact = (text: string) => text.replace(/\s+/g, '').toUpperCase();
  // Without a postcode on record, a last line that is a postcode and nothing else is taken as it.
  const postcode = hasWords(letter.postcode)
    ? letter.postcode.trim()
    : last && findPostcode(last) && compact(findPostcode(last) ?? '') === compact(last)
      ? last
      : '';
  const lastIsPostcode = last !== undefined && postcode !== '' && compact(last) === compact(postcode);
  const address = lastIsPostcode ? lines.slice(0, -1) : lines;
  return {
    name: hasWords(letter.recipient_name_snapshot) ? letter.recipient_name_snapshot.trim() : '',
    lines: address.slice(0, MAX_RECIPIENT_LINES),
    postcode,
  };
}
