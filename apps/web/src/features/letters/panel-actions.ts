import {
  canDeleteLetter,
  canDeliverLetter,
  canSplitLetter,
  isMailDisabled,
  LETTER_STATUS,
  showsCancelDelivery,
} from '@lp/domain';
import type { Letter } from './api';

export interface ActionState {
  shown: boolean;
  enabled: boolean;
}

export interface LetterActions {
  /** The letter is in the trash: only Restore and Delete Permanently are offered. */
  inTrash: boolean;
  deliver: ActionState;
  split: ActionState;
  delete: ActionState;
  cancelDelivery: ActionState;
  restore: ActionState;
  deletePermanently: ActionState;
  /** The mail channel cannot be chosen. */
  mailDisabled: boolean;
}

const hidden: ActionState = { shown: false, enabled: false };
const shown = (enabled: boolean): ActionState => ({ shown: true, enabled });

type LetterFacts = Pick<
  Letter,
  'status' | 'document_type' | 'mark_for_deletion' | 'num_pages' | 'force_status_error' | 'split_status'
>;

/**
 * The letter panel's buttons (part 1 section 4, "Letter panel rules"), wired to the domain's rules:
 * Deliver (canDeliverLetter) or, for a merged letter, Split (canSplitLetter, and not while or once it is
 * split); Delete (canDeleteLetter, with delete_letter) or, with send_letter, Cancel Delivery for a
 * scheduled letter (showsCancelDelivery) and, decision 0016, for one In Review (its delivery waits for
 * a supervisor with the money held); in the trash Restore and Delete Permanently.
 */
export function letterActions(
  letter: LetterFacts,
  abilities: readonly string[],
  options: { recipientOmitsMail?: boolean } = {},
): LetterActions {
  const mayDelete = abilities.includes('delete_letter');
  const mailDisabled = isMailDisabled(letter.num_pages ?? 0, options.recipientOmitsMail ?? false, letter.status);
  if (letter.mark_for_deletion) {
    return {
      inTrash: true,
      deliver: hidden,
      split: hidden,
      delete: hidden,
      cancelDelivery: hidden,
      restore: shown(mayDelete),
      deletePermanently: shown(mayDelete),
      mailDisabled,
    };
  }
  const merged = letter.document_type === 'merged';
  const scheduled = showsCancelDelivery(letter.status) || letter.status === LETTER_STATUS.inReview;
  return {
    inTrash: false,
    deliver: merged ? hidden : shown(canDeliverLetter(letter.status, abilities, letter.force_status_error ?? false)),
    split: merged ? shown(canSplitLetter(letter.status, letter.document_type, abilities, letter.split_status)) : hidden,
    delete: scheduled ? hidden : shown(mayDelete && canDeleteLetter(letter.status)),
    cancelDelivery: scheduled ? shown(abilities.includes('send_letter')) : hidden,
    restore: hidden,
    deletePermanently: hidden,
    mailDisabled,
  };
}
