import {
  canDeleteLetter,
  canDeliverLetter,
  canSplitLetter,
  DELIVERY_MESSAGES,
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
  /** Why Deliver is disabled although canDeliverLetter allows it (the server would refuse: decision 0016), or null. */
  deliverRefusal: string | null;
}

const hidden: ActionState = { shown: false, enabled: false };

/** Raw statuses of a letter that was sent (or is with the printer): the server answers 409 to Deliver. */
const SENT_STATUSES = new Set<string>([
  LETTER_STATUS.delivered,
  LETTER_STATUS.posted,
  LETTER_STATUS.sentAsEmailAttachment,
  LETTER_STATUS.posting,
]);

/**
 * Decision 0016: a sent letter cannot be delivered again, nor one whose delivery is scheduled (it is
 * cancelled first). canDeliverLetter (the spec's rule) allows both; the server refuses them.
 */
export function deliverRefusal(raw: string): string | null {
  if (SENT_STATUSES.has(raw)) return DELIVERY_MESSAGES.alreadySent;
  if (showsCancelDelivery(raw)) return DELIVERY_MESSAGES.alreadyOpen;
  return null;
}
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
 * a supervisor with the money held); in the trash Restore and Delete Permanently. Deliver is also
 * disabled for a letter already sent or scheduled (deliverRefusal), which the server refuses.
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
      deliverRefusal: null,
    };
  }
  const merged = letter.document_type === 'merged';
  const scheduled = showsCancelDelivery(letter.status) || letter.status === LETTER_STATUS.inReview;
  const refusal = merged ? null : deliverRefusal(letter.status);
  return {
    inTrash: false,
    deliver: merged
      ? hidden
      : shown(canDeliverLetter(letter.status, abilities, letter.force_status_error ?? false) && refusal === null),
    split: merged ? shown(canSplitLetter(letter.status, letter.document_type, abilities, letter.split_status)) : hidden,
    delete: scheduled ? hidden : shown(mayDelete && canDeleteLetter(letter.status)),
    cancelDelivery: scheduled ? shown(abilities.includes('send_letter')) : hidden,
    restore: hidden,
    deletePermanently: hidden,
    mailDisabled,
    deliverRefusal: refusal,
  };
}
