/** The avatar shows the username's first letter in upper case, or 'U' without one. */
export function avatarLetter(username: string | null | undefined): string {
  const first = username?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}
