import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachSnackbarClose, dismissFieldError, dismissFieldErrors, notifyFieldError } from './field-toasts';
import { notify } from './notify';

vi.mock('./notify', () => ({ notify: vi.fn() }));

describe('field error messages', () => {
  const close = vi.fn();
  const detach = attachSnackbarClose(close);
  afterEach(() => {
    dismissFieldErrors();
    vi.mocked(notify).mockClear();
    close.mockClear();
  });

  it('keeps one message a field, and takes it away when the field is valid', () => {
    notifyFieldError('vat_number', 'VAT number - Enter a UK VAT number');
    notifyFieldError('vat_number', 'VAT number - check digits');
    const keys = vi.mocked(notify).mock.calls.map(([, o]) => o?.key);
    expect(keys).toHaveLength(2);
    expect(close).toHaveBeenCalledWith(keys[0]); // the first replaced by the second
    dismissFieldError('vat_number');
    expect(close).toHaveBeenLastCalledWith(keys[1]);
    close.mockClear();
    dismissFieldError('vat_number'); // already gone: nothing to close
    expect(close).not.toHaveBeenCalled();
  });

  it('takes every field message away when the page changes', () => {
    notifyFieldError('postcode', 'Postcode - Invalid Postcode');
    notifyFieldError('addressLine1', 'Address line 1 - Please supply the first line of the address');
    dismissFieldErrors();
    expect(close).toHaveBeenCalledTimes(2);
    detach();
  });
});
