import { customerFieldsSchema } from '@lp/domain';
import { describe, expect, it } from 'vitest';
import type { Customer } from './api';
import {
  customerFormValues,
  customerUpdateBody,
  emptyCustomerForm,
  formFieldOf,
  newCustomerBody,
  preferenceOutcome,
} from './customer-form';

const SIOBHAN: Customer = {
  customer_uuid: 'c1',
  recipient: "Dr Siobhán O'Neill",
  address: '12 Acacia Avenue, Clifton, Bristol, BS8 2QT',
  address_lines: ['12 Acacia Avenue', 'Clifton', 'Bristol'],
  town: 'Bristol',
  postcode: 'BS8 2QT',
  email: 'siobhan.oneill@example.co.uk',
  phone: '07700 900123',
  communications_preference: ['Mail', 'SMS'],
  cloud_storage_provider: null,
  address_returned: null,
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
};

/** The form's values as the schema hands them over, from the stored customer with `change` applied. */
function edited(change: (v: ReturnType<typeof customerFormValues>) => void) {
  const values = customerFormValues(SIOBHAN);
  change(values);
  return customerFieldsSchema.parse(values);
}

describe('customer form', () => {
  it('fills four address lines and the town (the last of two or more lines) from the customer, and none for a new one', () => {
    expect(customerFormValues(SIOBHAN).address_lines).toEqual(['12 Acacia Avenue', 'Clifton', '', '']);
    expect(customerFormValues(SIOBHAN).town).toBe('Bristol');
    expect(customerFormValues({ ...SIOBHAN, address_lines: ['1 Park Row'] })).toMatchObject({
      address_lines: ['1 Park Row', '', '', ''],
      town: '',
    });
    expect(emptyCustomerForm().town).toBe('');
    expect(emptyCustomerForm().address_lines).toEqual(['', '', '', '']);
    expect(
      customerFormValues({ ...SIOBHAN, address_lines: ['1', '2', '3', '4', '5', '6'] }).address_lines,
    ).toHaveLength(5);
  });

  it('sends nothing when nothing changed (the postcode and email compared as the server stores them)', () => {
    expect(
      customerUpdateBody(
        SIOBHAN,
        edited(() => undefined),
      ),
    ).toBeNull();
    expect(
      customerUpdateBody(
        SIOBHAN,
        edited((v) => {
          v.postcode = 'bs82qt';
          v.email = 'Siobhan.ONeill@Example.co.uk';
          v.name = `  ${SIOBHAN.recipient} `;
          // SMS alone is saved as Mail and SMS: what is stored already.
          v.communications_preference = ['SMS'];
        }),
      ),
    ).toBeNull();
  });

  it('sends only the changed fields, null for an emptied email or phone', () => {
    expect(
      customerUpdateBody(
        SIOBHAN,
        edited((v) => {
          v.email = '';
          v.phone = '+447700900456';
        }),
      ),
    ).toEqual({ customer_uuid: 'c1', customer_email: null, customer_phone: '+447700900456' });
    expect(
      customerUpdateBody(
        SIOBHAN,
        edited((v) => (v.name = 'Siobhán Murphy')),
      ),
    ).toEqual({
      customer_uuid: 'c1',
      new_customer_name: 'Siobhán Murphy',
    });
    expect(
      customerUpdateBody(
        SIOBHAN,
        edited((v) => {
          v.address_lines = ['Flat 3', '1 Park Row', '', ''];
          v.town = 'Leeds';
          v.postcode = 'ls1 5hd';
        }),
      ),
    ).toEqual({
      customer_uuid: 'c1',
      new_customer_address: { address_lines: ['Flat 3', '1 Park Row'], town: 'Leeds', postcode: 'ls1 5hd' },
    });
    // Only the town changed: the address goes whole, the town with it.
    expect(
      customerUpdateBody(
        SIOBHAN,
        edited((v) => (v.town = 'Bath')),
      ),
    ).toEqual({
      customer_uuid: 'c1',
      new_customer_address: { address_lines: ['12 Acacia Avenue', 'Clifton'], town: 'Bath', postcode: 'BS8 2QT' },
    });
    // One line changed: the address goes whole (it is one field on the server).
    expect(
      customerUpdateBody(
        SIOBHAN,
        edited((v) => (v.address_lines![1] = 'Redland')),
      ),
    ).toEqual({
      customer_uuid: 'c1',
      new_customer_address: { address_lines: ['12 Acacia Avenue', 'Redland'], town: 'Bristol', postcode: 'BS8 2QT' },
    });
    expect(
      customerUpdateBody(
        SIOBHAN,
        edited((v) => (v.communications_preference = ['Email'])),
      ),
    ).toEqual({
      customer_uuid: 'c1',
      communications_preferences: ['Email'],
    });
  });

  it('adds a customer with the lines filled in only', () => {
    const values = customerFieldsSchema.parse({
      ...emptyCustomerForm(),
      name: ' Smith & Sons Ltd ',
      address_lines: ['Unit 7, Canal Wharf', '', '', ''],
      town: ' Leeds ',
      postcode: 'LS11 5PS',
    });
    expect(newCustomerBody(values)).toEqual({
      name: 'Smith & Sons Ltd',
      address_lines: ['Unit 7, Canal Wharf'],
      town: 'Leeds',
      postcode: 'LS11 5PS',
      email: '',
      phone: '',
      communications_preference: [],
      cloud_storage_provider: null,
    });
  });

  it('reads the stored drive (an id, or a name older rows hold) and sends only a changed one', () => {
    expect(emptyCustomerForm().cloud_storage_provider).toBeNull();
    expect(customerFormValues({ ...SIOBHAN, cloud_storage_provider: 'dropbox' }).cloud_storage_provider).toBe(
      'dropbox',
    );
    expect(customerFormValues({ ...SIOBHAN, cloud_storage_provider: 'Google Drive' }).cloud_storage_provider).toBe(
      'google_drive',
    );
    expect(customerFormValues({ ...SIOBHAN, cloud_storage_provider: 'iCloud' }).cloud_storage_provider).toBeNull();
    const onGoogle = { ...SIOBHAN, cloud_storage_provider: 'Google Drive' };
    const values = (drive: string | null) => {
      const v = customerFormValues(onGoogle);
      v.cloud_storage_provider = drive as never;
      return customerFieldsSchema.parse(v);
    };
    expect(customerUpdateBody(onGoogle, values('google_drive'))).toBeNull();
    expect(customerUpdateBody(onGoogle, values('onedrive'))).toEqual({
      customer_uuid: 'c1',
      cloud_storage_provider: 'onedrive',
    });
    expect(customerUpdateBody(onGoogle, values(null))).toEqual({ customer_uuid: 'c1', cloud_storage_provider: null });
    // The form's schema refuses anything but the drives.
    expect(customerFieldsSchema.safeParse({ name: 'X', cloud_storage_provider: 'xero' }).success).toBe(false);
  });

  it('tells what the preference rule saves: none is Mail, SMS alone gets Mail', () => {
    expect(preferenceOutcome([])).toEqual(['Mail']);
    expect(preferenceOutcome(['SMS'])).toEqual(['Mail', 'SMS']);
    expect(preferenceOutcome(['SMS', 'Email'])).toBeNull();
    expect(preferenceOutcome(['Cloud storage'])).toBeNull();
  });

  it('names the form field of a server error', () => {
    expect(formFieldOf('new_customer_name')).toBe('name');
    expect(formFieldOf('customer_email')).toBe('email');
    expect(formFieldOf('customer_phone')).toBe('phone');
    expect(formFieldOf('postcode')).toBe('postcode');
    expect(formFieldOf('new_customer_address.postcode')).toBe('postcode');
    expect(formFieldOf('new_customer_address.address_lines.2')).toBe('address_lines.2');
    expect(formFieldOf('address_lines.0')).toBe('address_lines.0');
    expect(formFieldOf('communications_preference.1')).toBe('communications_preference');
    expect(formFieldOf('communications_preferences')).toBe('communications_preference');
  });
});
