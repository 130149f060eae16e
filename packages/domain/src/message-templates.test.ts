import { describe, expect, it } from 'vitest';
import { deliverRequestSchema, deliveryFieldProblems } from './delivery.js';
import {
  fillTemplate,
  TEMPLATE_MESSAGES,
  templateValues,
  templateVarsSchema,
  unknownTemplateVariables,
} from './message-templates.js';

describe('template variables', () => {
  const values = templateValues(
    { recipient: 'Siobhán O’Neill', company: 'Ó Briain & Daughters Ltd', letter: 'Invoice #4471 (Nov).pdf' },
    undefined,
  );

  it('fills {recipient}, {company} and {letter}', () => {
    expect(fillTemplate('Dear {recipient}, {company} sent you {letter}.', values)).toEqual({
      text: 'Dear Siobhán O’Neill, Ó Briain & Daughters Ltd sent you Invoice #4471 (Nov).',
      missing: [],
      unknown: [],
    });
    // A variable used twice is filled twice; other braces stay as written.
    expect(fillTemplate('{letter} / {letter} {not a var} {}', values).text).toBe(
      'Invoice #4471 (Nov) / Invoice #4471 (Nov) {not a var} {}',
    );
  });

  it('takes the values given over the letter’s own', () => {
    const given = templateValues(
      { recipient: null, company: 'Acme Ltd', letter: 'a.pdf' },
      { recipient: 'Mr Ó Dálaigh' },
    );
    expect(fillTemplate('Hello {recipient}', given).text).toBe('Hello Mr Ó Dálaigh');
  });

  it('names variables it has no value for, and unknown ones', () => {
    const none = templateValues({ recipient: null, company: 'Acme Ltd', letter: 'a.pdf' }, undefined);
    expect(fillTemplate('Dear {recipient}', none).missing).toEqual(['recipient']);
    expect(unknownTemplateVariables('Hi {Recipient}, due {date} {date} {company}')).toEqual(['Recipient', 'date']);
    expect(TEMPLATE_MESSAGES.unknown(['date'])).toBe(
      'Unknown variable {date}: use {recipient}, {company} or {letter}.',
    );
  });

  it('refuses values for variables that do not exist', () => {
    expect(templateVarsSchema.safeParse({ recipient: 'Áine' }).success).toBe(true);
    const bad = templateVarsSchema.safeParse({ recipient: 'Áine', due_date: 'Friday' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(TEMPLATE_MESSAGES.unknownValue(['due_date']));
    expect(templateVarsSchema.safeParse({ recipient: 'x'.repeat(201) }).success).toBe(false);
  });

  it('makes the delivery request refuse unknown placeholders, naming the field', () => {
    const r = deliverRequestSchema.parse({
      uuid: 'l1',
      preference_overrides: ['email', 'sms'],
      recipient_email: 'aine@example.ie',
      subject: 'Your {letter} from {company}',
      message_to_recipient: 'Due on {due_date}',
      recipient_phone_number: '07700 900123',
      sms_text: 'Hi {first_name}',
      sender_phone_number: 'ring me',
    });
    expect(deliveryFieldProblems(r)).toEqual([
      { field: 'sender_phone_number', message: expect.stringContaining('number to reply to') },
      {
        field: 'message_to_recipient',
        message: 'Unknown variable {due_date}: use {recipient}, {company} or {letter}.',
      },
      { field: 'sms_text', message: 'Unknown variable {first_name}: use {recipient}, {company} or {letter}.' },
    ]);
  });
});
