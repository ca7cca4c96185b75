/** The contact form's fields, as typed (a type, not an interface, so it fits a string-keyed record). */
export type ContactValues = {
  name: string;
  email: string;
  company: string;
  message: string;
};

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

/** Limits of POST /v1/contact, checked here first so mistakes are explained before sending. */
export const CONTACT_LIMITS = { name: 200, company: 200, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Your name can be at most ${CONTACT_LIMITS.name} characters.`,
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address, like name@company.co.za.',
  companyTooLong: `The company name can be at most ${CONTACT_LIMITS.company} characters.`,
  messageRequired: 'Please tell us a little about your project.',
  messageTooLong: `Your message can be at most ${CONTACT_LIMITS.message} characters.`,
} as const;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Field errors of the form; an empty object means it can be sent. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  if (!name) errors.name = CONTACT_MESSAGES.nameRequired;
  else if (name.length > CONTACT_LIMITS.name) errors.name = CONTACT_MESSAGES.nameTooLong;
  if (!email) errors.email = CONTACT_MESSAGES.emailRequired;
  else if (!EMAIL.test(email) || email.length > 254) errors.email = CONTACT_MESSAGES.emailInvalid;
  if (values.company.trim().length > CONTACT_LIMITS.company) errors.company = CONTACT_MESSAGES.companyTooLong;
  if (!values.message.trim()) errors.message = CONTACT_MESSAGES.messageRequired;
  else if (values.message.length > CONTACT_LIMITS.message) errors.message = CONTACT_MESSAGES.messageTooLong;
  return errors;
}

/** The request body: trimmed, without an empty company. */
export function contactPayload(values: ContactValues) {
  const company = values.company.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    ...(company ? { company } : {}),
    message: values.message.trim(),
  };
}
