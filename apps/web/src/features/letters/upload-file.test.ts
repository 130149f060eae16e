import { describe, expect, it } from 'vitest';
import { uploadError } from './upload-file';

describe('a refused upload, for people', () => {
  it("shows the server's own message", () => {
    const e = uploadError(
      415,
      JSON.stringify({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only PDF or DOCX files can be uploaded.' }),
    );
    expect([e.status, e.code, e.message]).toEqual([
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Only PDF or DOCX files can be uploaded.',
    ]);
  });

  it('falls back to the size and type texts when the answer is not JSON', () => {
    expect(uploadError(413, '<html>Payload Too Large</html>').message).toBe('A letter can be at most 50 MB.');
    expect(uploadError(415, '').message).toBe('Only PDF or DOCX files can be uploaded.');
    expect(uploadError(502, 'Bad gateway').message).toBe('An error occured');
  });

  it('a refusal is "Permission denied"; a stale CSRF token keeps its code so it can be retried', () => {
    expect(uploadError(403, JSON.stringify({ code: 'FORBIDDEN', message: 'Forbidden' })).message).toBe(
      'Permission denied',
    );
    const csrf = uploadError(403, JSON.stringify({ code: 'CSRF_INVALID', message: 'Invalid CSRF token' }));
    expect(csrf.code).toBe('CSRF_INVALID');
  });
});
