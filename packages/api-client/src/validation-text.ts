import { PHONE_NUMBER_TEXT } from '@kloof/api-contract/constants';

/**
 * The API describes a refused field in developer words ("name must not be empty", "url must be a
 * valid http or https URL", "id must be a valid uuid"). These turn them into words for the user,
 * tied to the field they are about so a form can show them under it.
 */

/** "name must ...", "settings.theme is required": the field path, then the rule. */
const VALIDATION = /^([A-Za-z][\w]*(?:\.[A-Za-z][\w]*)*) (must .+|is required|is not allowed)$/;

const NOUNS: Record<string, string> = {
  url: 'web address',
  email: 'e-mail address',
  otp: 'code',
  id: 'link',
  passwordConfirm: 'repeated password',
  currentPassword: 'current password',
};

/** "fullName" -> "full name", "workspaceId" -> "workspace". */
function noun(field: string): string {
  return (
    NOUNS[field] ??
    field
      .replace(/Id$/, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
  );
}

function ruleText(field: string, rule: string): string {
  const what = noun(field);
  if (rule === 'must not be empty' || rule === 'is required') return `Please enter the ${what}.`;
  if (/valid (http or https URL|uri|url)$/i.test(rule) || field === 'url') {
    return 'Enter a web address that starts with http:// or https://, like https://example.com.';
  }
  if (/valid email$/.test(rule)) return 'Enter a valid e-mail address, like name@example.com.';
  if (/valid uuid$/.test(rule)) return `This ${what} is not valid.`;
  if (/valid phone number$/.test(rule)) return PHONE_NUMBER_TEXT;
  const min = /^must be at least (\d+) characters long$/.exec(rule);
  if (min) return `The ${what} needs at least ${min[1]} characters.`;
  const max = /^must be at most (\d+) characters long$/.exec(rule);
  if (max) return `The ${what} can have at most ${max[1]} characters.`;
  if (rule.startsWith('must be one of')) return `Choose one of the offered options for the ${what}.`;
  if (rule === 'is not allowed') return 'This form is out of date. Please reload the page and try again.';
  return `The ${what} is not valid.`;
}

/** The user's words for an API validation message, and the field it is about; null for other messages. */
export function humanizeValidation(message: string): { field: string; message: string } | null {
  const match = VALIDATION.exec(message);
  if (!match) return null;
  const path = match[1]!.split('.');
  const rule = match[2]!;
  const field = path[path.length - 1]!;
  return { field, message: ruleText(field, rule) };
}
