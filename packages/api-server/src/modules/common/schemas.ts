import { ErrorResponse } from '@kloof/api-contract';

// The schemas themselves live in @kloof/api-contract; these are the server's helpers around them.

export { ErrorResponse, IdParams, IncludeQuery, MessageResponse, User } from '@kloof/api-contract';

/** Does `include` (`[settings]`, `settings`, `[a,b]`) name `what`? */
export function includes(include: string | undefined, what: string): boolean {
  if (!include) return false;
  return include
    .replace(/[[\]\s]/g, '')
    .split(',')
    .includes(what);
}

/** Error responses for the OpenAPI doc (and so the serializer keeps feedback). */
export function errors(...codes: number[]) {
  return Object.fromEntries(codes.map((c) => [c, ErrorResponse]));
}
