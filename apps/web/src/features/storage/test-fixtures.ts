import type { StorageItem } from './api';

/** A storage item as the server answers it (a file's name with its extension): a PDF unless `over` says otherwise. */
export function storageItem(over: Partial<StorageItem>): StorageItem {
  const id = over.id ?? 'i1';
  return {
    id,
    kind: 'file',
    is_customer: false,
    name: 'contract.pdf',
    numFiles: -1,
    size: 1536,
    modified: '2026-11-21T14:05:00.000Z',
    editable: true,
    type: 'pdf',
    ext: 'pdf',
    content_type: 'application/pdf',
    path: '/',
    creator: { name: 'Ada Lovelace', email: 'ada@example.com' },
    letterUUID: null,
    customer_uuid: null,
    // The server answers the item's own id.
    document_uuid: id,
    ...over,
  };
}
