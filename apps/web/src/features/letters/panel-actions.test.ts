import { DELIVERY_MESSAGES, LETTER_STATUS, SCHEDULED_PREFIX } from '@lp/domain';
import { describe, expect, it } from 'vitest';
import { letterActions } from './panel-actions';

const ALL = ['see_letters', 'create_letter', 'send_letter', 'delete_letter'];

function letter(status: string, over: Partial<Parameters<typeof letterActions>[0]> = {}) {
  return {
    status,
    document_type: 'regular' as const,
    mark_for_deletion: false,
    num_pages: 1,
    force_status_error: false,
    split_status: null,
    ...over,
  };
}

describe('letter panel buttons (part 1 section 4)', () => {
  it('Deliver follows canDeliverLetter', () => {
    expect(letterActions(letter(LETTER_STATUS.analysisComplete), ALL).deliver).toEqual({ shown: true, enabled: true });
    for (const raw of [
      LETTER_STATUS.analysing,
      LETTER_STATUS.delivering,
      LETTER_STATUS.inReview,
      LETTER_STATUS.corrupted,
      LETTER_STATUS.failedToAnalyse,
    ]) {
      expect(letterActions(letter(raw), ALL).deliver).toEqual({ shown: true, enabled: false });
    }
    // An issue the user can fix does not block Deliver (mail is what is refused).
    expect(letterActions(letter(LETTER_STATUS.invalidPostcode), ALL).deliver.enabled).toBe(true);
    expect(
      letterActions(
        letter(LETTER_STATUS.analysisComplete),
        ALL.filter((a) => a !== 'send_letter'),
      ).deliver.enabled,
    ).toBe(false);
  });

  it('Deliver is disabled, with the reason, for a letter already sent or scheduled (the server refuses both)', () => {
    for (const raw of [
      LETTER_STATUS.delivered,
      LETTER_STATUS.posted,
      LETTER_STATUS.sentAsEmailAttachment,
      LETTER_STATUS.posting,
    ]) {
      const actions = letterActions(letter(raw), ALL);
      expect(actions.deliver).toEqual({ shown: true, enabled: false });
      expect(actions.deliverRefusal).toBe(DELIVERY_MESSAGES.alreadySent);
    }
    const scheduled = letterActions(letter(`${SCHEDULED_PREFIX}21.11.26 | 10:00 AM`), ALL);
    expect(scheduled.deliver).toEqual({ shown: true, enabled: false });
    expect(scheduled.deliverRefusal).toBe(DELIVERY_MESSAGES.alreadyOpen);
    // A delivery that failed or was denied may be tried again.
    for (const raw of ['Failed to Deliver', LETTER_STATUS.deniedBySupervisor, LETTER_STATUS.analysisComplete]) {
      expect(letterActions(letter(raw), ALL).deliver.enabled).toBe(true);
      expect(letterActions(letter(raw), ALL).deliverRefusal).toBeNull();
    }
  });

  it('a merged letter shows Split instead of Deliver, disabled while analysing, without create_letter, or once split', () => {
    const merged = (raw: string, over = {}) => letter(raw, { document_type: 'merged', ...over });
    const ready = letterActions(merged(LETTER_STATUS.analysisComplete), ALL);
    expect(ready.deliver.shown).toBe(false);
    expect(ready.split).toEqual({ shown: true, enabled: true });
    expect(letterActions(merged(LETTER_STATUS.analysing), ALL).split.enabled).toBe(false);
    expect(
      letterActions(
        merged(LETTER_STATUS.analysisComplete),
        ALL.filter((a) => a !== 'create_letter'),
      ).split.enabled,
    ).toBe(false);
    expect(
      letterActions(merged(LETTER_STATUS.analysisComplete, { split_status: 'splitting' }), ALL).split.enabled,
    ).toBe(false);
    expect(letterActions(merged(LETTER_STATUS.analysisComplete, { split_status: 'split' }), ALL).split.enabled).toBe(
      false,
    );
    expect(letterActions(merged(LETTER_STATUS.analysisComplete, { split_status: 'failed' }), ALL).split.enabled).toBe(
      true,
    );
  });

  it('Delete follows canDeleteLetter and delete_letter; a scheduled or In Review letter shows Cancel Delivery instead', () => {
    expect(letterActions(letter(LETTER_STATUS.analysisComplete), ALL).delete).toEqual({ shown: true, enabled: true });
    for (const raw of [LETTER_STATUS.analysing, LETTER_STATUS.delivered, LETTER_STATUS.posting]) {
      expect(letterActions(letter(raw), ALL).delete).toEqual({ shown: true, enabled: false });
    }
    expect(
      letterActions(
        letter(LETTER_STATUS.analysisComplete),
        ALL.filter((a) => a !== 'delete_letter'),
      ).delete.enabled,
    ).toBe(false);
    const scheduled = letterActions(letter(`${SCHEDULED_PREFIX}21.11.26 | 10:00 AM`), ALL);
    expect(scheduled.delete.shown).toBe(false);
    expect(scheduled.cancelDelivery).toEqual({ shown: true, enabled: true });
    const inReview = letterActions(letter(LETTER_STATUS.inReview), ALL);
    expect(inReview.delete.shown).toBe(false);
    expect(inReview.cancelDelivery).toEqual({ shown: true, enabled: true });
    expect(
      letterActions(
        letter(LETTER_STATUS.inReview),
        ALL.filter((a) => a !== 'send_letter'),
      ).cancelDelivery,
    ).toEqual({ shown: true, enabled: false });
    expect(letterActions(letter(LETTER_STATUS.analysisComplete), ALL).cancelDelivery.shown).toBe(false);
  });

  it('in the trash only Restore and Delete Permanently are offered (with delete_letter)', () => {
    const trashed = letterActions(letter(LETTER_STATUS.analysisComplete, { mark_for_deletion: true }), ALL);
    expect(trashed).toMatchObject({
      inTrash: true,
      restore: { shown: true, enabled: true },
      deletePermanently: { shown: true, enabled: true },
      deliver: { shown: false },
      split: { shown: false },
      delete: { shown: false },
      cancelDelivery: { shown: false },
    });
    const viewer = letterActions(letter(LETTER_STATUS.analysisComplete, { mark_for_deletion: true }), ['see_letters']);
    expect(viewer.restore.enabled).toBe(false);
    expect(viewer.deletePermanently.enabled).toBe(false);
  });

  it('mail is disabled per isMailDisabled', () => {
    expect(letterActions(letter(LETTER_STATUS.analysisComplete, { num_pages: 51 }), ALL).mailDisabled).toBe(true);
    expect(letterActions(letter(LETTER_STATUS.analysisComplete, { num_pages: 50 }), ALL).mailDisabled).toBe(false);
    expect(letterActions(letter(LETTER_STATUS.invalidPostcode), ALL).mailDisabled).toBe(true);
    expect(letterActions(letter(LETTER_STATUS.barcodeAreaNotEmpty), ALL).mailDisabled).toBe(true);
    expect(letterActions(letter(LETTER_STATUS.analysisComplete), ALL, { recipientOmitsMail: true }).mailDisabled).toBe(
      true,
    );
  });
});
