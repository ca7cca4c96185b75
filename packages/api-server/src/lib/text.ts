/**
 * Rules for text that no field of the API accepts, whatever its schema says: control characters
 * (PostgreSQL refuses NUL in text, the others corrupt logs, mails and screens) and lone UTF-16
 * surrogates (not Unicode; they would be stored as U+FFFD, silently changing what was sent).
 * Tab, line feed and carriage return stay allowed: messages and descriptions are multi-line.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /\p{Cs}/u;

export type TextProblem = 'control' | 'surrogate';

export function textProblemOf(text: string): TextProblem | undefined {
  if (CONTROL.test(text)) return 'control';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return undefined;
}

export interface TextIssue {
  /** Property names and array indexes down to the bad string (empty: the value itself). */
  path: string[];
  problem: TextProblem;
  /** true when a property name is bad, not a value. */
  inKey: boolean;
}

/**
 * The first bad string in a parsed JSON value or query object, property names included.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findTextIssue(root: unknown): TextIssue | undefined {
  // Each entry points at its parent instead of copying the path: a 20,000-deep body would
  // otherwise cost 20,000² path entries.
  interface Node {
    value: unknown;
    key: string;
    parent: Node | undefined;
  }
  const pathOf = (node: Node | undefined): string[] => {
    const path: string[] = [];
    for (let n = node; n?.parent; n = n.parent) path.push(n.key);
    return path.reverse();
  };
  const stack: Node[] = [{ value: root, key: '', parent: undefined }];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const { value } = node;
    if (typeof value === 'string') {
      const problem = textProblemOf(value);
      if (problem) return { path: pathOf(node), problem, inKey: false };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: String(i), parent: node });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        const problem = textProblemOf(key);
        if (problem) return { path: pathOf(node), problem, inKey: true };
        stack.push({ value: (value as Record<string, unknown>)[key], key, parent: node });
      }
    }
  }
  return undefined;
}

export const TEXT_PROBLEM_MESSAGES: Record<TextProblem, string> = {
  control: 'must not contain control characters',
  surrogate: 'must be valid Unicode text',
};

/**
 * The first part of a raw query string (after `?`) that is not valid percent-encoded UTF-8, named
 * by its decoded key when that key is readable. `undefined` when the whole query decodes.
 */
export function badlyEncodedQueryPart(rawQuery: string): { key: string | undefined } | undefined {
  if (!rawQuery.includes('%') && /^[\x20-\x7e]*$/.test(rawQuery)) return undefined;
  for (const pair of rawQuery.split('&')) {
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const key = strictDecode(rawKey);
    if (key === undefined) return { key: undefined };
    if (strictDecode(rawValue) === undefined) return { key: nameable(key) ? key : undefined };
  }
  return undefined;
}

/** A decoded key short and clean enough to repeat in an error message. */
const nameable = (key: string) => key.length > 0 && key.length <= 100 && textProblemOf(key) === undefined;

function strictDecode(part: string): string | undefined {
  // Raw bytes above 0x7e arrive as latin1 characters: only percent-encoded UTF-8 is accepted.
  if (!/^[\x20-\x7e]*$/.test(part)) return undefined;
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}
