import { describe, expect, it } from '@jest/globals';
import { CONTACT_LIMITS, CONTACT_MESSAGES, contactPayload, validateContact, type ContactValues } from './validate';

const valid: ContactValues = {
  name: 'Ayanda Mokoena',
  email: 'ayanda@example.co.za',
  company: '',
  message: 'We need a booking app.',
};

describe('contact form validation', () => {
  it('accepts a complete message, company optional', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('requires name, e-mail and message, ignoring blanks', () => {
    expect(validateContact({ name: '  ', email: '', company: '', message: '\n' })).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailRequired,
      message: CONTACT_MESSAGES.messageRequired,
    });
  });

  it.each(['ayanda', 'ayanda@', 'ayanda@example', '@example.com', 'a b@example.com', 'ayanda@example.'])(
    'rejects the e-mail address %s',
    (email) => {
      expect(validateContact({ ...valid, email }).email).toBe(CONTACT_MESSAGES.emailInvalid);
    },
  );

  it('keeps to the API limits', () => {
    expect(validateContact({ ...valid, name: 'x'.repeat(CONTACT_LIMITS.name + 1) }).name).toBe(
      CONTACT_MESSAGES.nameTooLong,
    );
    expect(validateContact({ ...valid, company: 'x'.repeat(CONTACT_LIMITS.company + 1) }).company).toBe(
      CONTACT_MESSAGES.companyTooLong,
    );
    expect(validateContact({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) }).message).toBe(
      CONTACT_MESSAGES.messageTooLong,
    );
    expect(validateContact({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message) })).toEqual({});
  });

  it('sends trimmed values and leaves out an empty company', () => {
    expect(contactPayload({ name: ' Ayanda ', email: ' a@b.co ', company: '  ', message: ' Hi ' })).toEqual({
      name: 'Ayanda',
      email: 'a@b.co',
      message: 'Hi',
    });
    expect(contactPayload({ ...valid, company: ' Mokoena Logistics ' }).company).toBe('Mokoena Logistics');
  });
});
