import { describe, expect, it } from '@jest/globals';
import { humanizeValidation } from './validation-text';

describe("the API's field messages in the user's words", () => {
  it.each([
    ['name must not be empty', 'name', 'Please enter the name.'],
    ['title is required', 'title', 'Please enter the title.'],
    [
      'url must be a valid http or https URL',
      'url',
      'Enter a web address that starts with http:// or https://, like https://example.com.',
    ],
    ['email must be a valid email', 'email', 'Enter a valid e-mail address, like name@example.com.'],
    ['id must be a valid uuid', 'id', 'This link is not valid.'],
    ['workspaceId must be a valid uuid', 'workspaceId', 'This workspace is not valid.'],
    ['password must be at least 8 characters long', 'password', 'The password needs at least 8 characters.'],
    ['fullName must be at most 200 characters long', 'fullName', 'The full name can have at most 200 characters.'],
    ['status must be one of: planned, active, done', 'status', 'Choose one of the offered options for the status.'],
    ['settings.theme is required', 'theme', 'Please enter the theme.'],
    ['phone must be a valid phone number', 'phone', 'Enter a phone number of 7 to 15 digits, like +27 21 555 0143.'],
  ])('%s -> %s: %s', (raw, field, message) => {
    expect(humanizeValidation(raw)).toEqual({ field, message });
  });

  it('leaves sentences written for people alone', () => {
    expect(humanizeValidation('Current password is incorrect')).toBeNull();
    expect(humanizeValidation('Invalid email or password')).toBeNull();
    expect(humanizeValidation('Only a SuperAdmin can grant or remove the SuperAdmin role')).toBeNull();
  });
});
