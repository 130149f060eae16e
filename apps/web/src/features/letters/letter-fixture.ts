import { LETTER_STATUS } from '@lp/domain';
import type { Letter } from './api';

/**
 * A one-page letter as the server lists it once analysed, every field it sends set (the tests'
 * letters start from it and change what they are about).
 */
export const ANALYSED_LETTER: Letter = {
  uuid: 'l1',
  name: 'invoice.pdf',
  document_type: 'regular',
  source_type: 'pdf',
  status: LETTER_STATUS.analysisComplete,
  display_status: 'New',
  status_reason: null,
  force_status_error: false,
  num_pages: 1,
  recipient_name_snapshot: 'Mr John Smith',
  recipient_address_snapshot: ['Mr John Smith', '10 Downing Street', 'London', 'SW1A 2AA'],
  postcode: 'SW1A 2AA',
  mark_for_deletion: false,
  processed: false,
  creator_email: 'ada@example.com',
  creator_name: 'Ada Lovelace',
  creation_date: '2026-11-21T14:05:00.000Z',
  has_thumbnail: true,
  parent_uuid: null,
  split_status: null,
  split_count: null,
  has_been_posted: false,
  cloud_synced: false,
  delivered_on: null,
  delivery_channels: [],
  successful_delivery_channels: [],
  unsuccessful_delivery_channels: [],
  layout: null,
  address_sheet: false,
  address_reset: false,
  address_source: 'text',
  ocr_confidence: null,
  customer_uuid: null,
  customer_name: null,
  test_mode: false,
};
