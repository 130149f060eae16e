import { describe, expect, it } from 'vitest';
import { baseName, bulkRules, displayName, isImage, kindLabel } from './items';
import { storageItem } from './test-fixtures';

const file = storageItem({});
const file2 = storageItem({ id: 'i2', name: 'logo.png', ext: 'png', type: 'image', content_type: 'image/png' });
const folder = storageItem({ id: 'f1', kind: 'folder', name: 'Invoices', type: null, ext: null, numFiles: 3 });
const customer = storageItem({
  id: 'c1',
  kind: 'customer_folder',
  is_customer: true,
  name: 'Zoë Brontë',
  type: null,
  ext: null,
  editable: false,
});
const letter = storageItem({ id: 'l1', name: 'Letter to Zoë', type: 'letter_link', editable: false });

describe('storage items', () => {
  it('shows a file with its extension, once', () => {
    expect(displayName(file)).toBe('contract.pdf');
    expect(displayName({ ...file, name: 'contract' })).toBe('contract.pdf');
    expect(baseName(file)).toBe('contract');
    expect(baseName({ ...file, name: 'contract' })).toBe('contract');
    expect(displayName(folder)).toBe('Invoices');
  });

  it('names the kinds and tells images from PDFs (a letter shows its PDF)', () => {
    expect([customer, folder, file, file2, letter].map(kindLabel)).toEqual([
      'Customer folder',
      'Folder',
      'PDF',
      'PNG',
      'Letter',
    ]);
    expect(isImage(file2)).toBe(true);
    expect(isImage(letter)).toBe(false);
  });

  it('View needs exactly one file; Download only files', () => {
    expect(bulkRules([file], true).view).toBe(true);
    expect(bulkRules([letter], true).view).toBe(true);
    expect(bulkRules([folder], true).view).toBe(false);
    expect(bulkRules([file, file2], true).view).toBe(false);
    expect(bulkRules([file, file2, letter], false).download).toBe(true);
    expect(bulkRules([file, folder], true).download).toBe(false);
    expect(bulkRules([], true).download).toBe(false);
  });

  it('Rename needs exactly one editable item that is not a customer folder, and manage_storage', () => {
    expect(bulkRules([file], true).rename).toBe(true);
    expect(bulkRules([folder], true).rename).toBe(true);
    expect(bulkRules([file], false).rename).toBe(false);
    expect(bulkRules([customer], true).rename).toBe(false);
    expect(bulkRules([{ ...customer, editable: true }], true).rename).toBe(false);
    expect(bulkRules([letter], true).rename).toBe(false);
    expect(bulkRules([file, file2], true).rename).toBe(false);
  });

  it('Delete takes one editable item, or several files; never a customer folder or a letter', () => {
    expect(bulkRules([folder], true).delete).toBe(true);
    expect(bulkRules([file, file2], true).delete).toBe(true);
    expect(bulkRules([file, folder], true).delete).toBe(false);
    expect(bulkRules([file, letter], true).delete).toBe(false);
    expect(bulkRules([customer], true).delete).toBe(false);
    expect(bulkRules([file], false).delete).toBe(false);
  });
});
