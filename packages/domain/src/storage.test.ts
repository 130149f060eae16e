import { describe, expect, it } from 'vitest';
import { planStorageBytes } from './plans.js';
import {
  breadcrumbSegments,
  cleanUploadName,
  extensionFamily,
  fileExtension,
  formatBytes,
  STORAGE_MESSAGES,
  sniffStorageType,
  storageNameOrDefault,
  storageNameProblem,
  uploadProblem,
} from './storage.js';

describe('storage names (part 2 section 5)', () => {
  it('accepts letters, digits, spaces, underscores, hyphens and an apostrophe, in any script', () => {
    for (const name of [
      'Invoices 2026',
      'client_letters',
      'Q1-reports',
      "O'Brien",
      'Zoë’s files',
      'Łódź office',
      '2026',
    ])
      expect(storageNameProblem(name, 'folder', 'new')).toBeNull();
  });

  it("refuses '/' first, with the spec's message", () => {
    expect(storageNameProblem('a/b', 'folder', 'new')).toBe("No '/' allowed");
    expect(storageNameProblem('../etc', 'file', 'rename')).toBe("No '/' allowed");
  });

  it('refuses other characters', () => {
    for (const name of ['Invoice #3', 'a\\b', 'tab\there', 'nul\u0000', 'emoji 📄', '<script>', '   '])
      expect(storageNameProblem(name, 'folder', 'new')).toBe(
        'Invalid folder name. Only alphanumeric characters are accepted.',
      );
    expect(storageNameProblem('a*b', 'file', 'rename')).toBe(
      'Invalid file name. Only alphanumeric characters are accepted.',
    );
  });

  it('refuses more than 255 characters, counting accented letters once', () => {
    expect(storageNameProblem('a'.repeat(255), 'folder', 'new')).toBeNull();
    expect(storageNameProblem('é'.repeat(255), 'folder', 'new')).toBeNull();
    expect(storageNameProblem('a'.repeat(256), 'folder', 'new')).toBe('This folder name too long');
    expect(storageNameProblem('a'.repeat(256), 'file', 'rename')).toBe('This file name too long');
  });

  it('refuses a dot: a new folder and a rename have their own words', () => {
    expect(storageNameProblem('report.pdf', 'folder', 'new')).toBe('A folder should not have any extensions');
    expect(storageNameProblem('report.pdf', 'file', 'rename')).toBe(
      "Do not specify an extension - we'll handle that for you.",
    );
    expect(storageNameProblem('..', 'folder', 'rename')).toBe(STORAGE_MESSAGES.renameExtension);
  });

  it('falls back to the default for an empty input', () => {
    expect(storageNameOrDefault('', 'New Folder')).toBe('New Folder');
    expect(storageNameOrDefault('   ', 'Current')).toBe('Current');
    expect(storageNameOrDefault(' Kept ', 'New Folder')).toBe('Kept');
  });

  it('words the delete mismatch for files and folders', () => {
    expect(STORAGE_MESSAGES.deleteMismatch('file')).toBe("The file's name and the inputted file name don't match.");
    expect(STORAGE_MESSAGES.deleteMismatch('folder')).toBe(
      "The folder's name and the inputted folder name don't match.",
    );
  });
});

describe('uploaded file names', () => {
  it('keeps what the rule allows and turns the rest into spaces', () => {
    expect(cleanUploadName('Invoice #123 (final).pdf')).toBe('Invoice 123 final');
    expect(cleanUploadName('Zoë O’Brien – contract.PDF')).toBe('Zoë O’Brien contract');
    expect(cleanUploadName('scan.2026.03.jpeg')).toBe('scan 2026 03');
    expect(cleanUploadName('###.png')).toBe('Document');
    expect(cleanUploadName(`${'x'.repeat(300)}.pdf`)).toHaveLength(255);
  });

  it('reads extensions without case, and refuses other types and sizes', () => {
    expect(fileExtension('Photo.JPG')).toBe('jpg');
    expect(fileExtension('noext')).toBe('');
    expect(fileExtension('.gitignore')).toBe('');
    expect(uploadProblem({ name: 'a.pdf', size: 500_000_000 })).toBeNull();
    expect(uploadProblem({ name: 'a.pdf', size: 500_000_001 })).toBe(
      'a.pdf is larger than 500,000,000 bytes, the most a file can be.',
    );
    expect(uploadProblem({ name: 'setup.exe', size: 10 })).toBe(STORAGE_MESSAGES.type);
    expect(uploadProblem({ name: 'letter.docx', size: 10 })).toBe(STORAGE_MESSAGES.type);
  });

  it('tells content by its first bytes, not its name', () => {
    const bytes = (...b: number[]) => new Uint8Array(b);
    const text = (s: string) => new TextEncoder().encode(s);
    expect(sniffStorageType(text('%PDF-1.7\n'))?.family).toBe('pdf');
    expect(sniffStorageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))?.family).toBe('png');
    expect(sniffStorageType(bytes(0xff, 0xd8, 0xff, 0xe0))?.family).toBe('jpeg');
    expect(sniffStorageType(text('GIF89a'))?.family).toBe('gif');
    expect(sniffStorageType(text('MZ\x90\x00'))).toBeNull(); // a Windows program
    expect(sniffStorageType(text('PK\x03\x04'))).toBeNull(); // a zip or Word file
    expect(sniffStorageType(new Uint8Array())).toBeNull();
    expect(extensionFamily('jpg')).toBe('jpeg');
    expect(extensionFamily('exe')).toBeNull();
  });
});

describe('formatBytes (base 1024, 2 decimals)', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1024 * 1024 - 1, '1.00 MB'],
    [1024 * 1024, '1.00 MB'],
    [500_000_000, '476.84 MB'],
    [2 * 1024 ** 3, '2.00 GB'],
    [5.5 * 1024 ** 4, '5.50 TB'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('breadcrumb', () => {
  it('shows up to 9 segments, and collapses the earlier ones behind an ellipsis beyond', () => {
    const nine = Array.from({ length: 9 }, (_, i) => i);
    expect(breadcrumbSegments(nine)).toEqual({ collapsed: [], shown: nine });
    const twelve = Array.from({ length: 12 }, (_, i) => i);
    const { collapsed, shown } = breadcrumbSegments(twelve);
    expect(collapsed).toEqual([0, 1, 2, 3]);
    expect(shown).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    expect(shown.length + 1).toBe(9); // the ellipsis takes the ninth place
  });
});

describe('storage quotas by plan', () => {
  it('gives each plan its storage, and an unknown plan Basic’s', () => {
    expect(planStorageBytes('Basic')).toBe(2 * 1024 ** 3);
    expect(planStorageBytes('Business')).toBeGreaterThan(planStorageBytes('Basic'));
    expect(planStorageBytes('Nope')).toBe(planStorageBytes('Basic'));
  });
});
