// LIKE patterns from user input: the wildcards % and _ (and the escape \) are matched literally.

/** `text` with LIKE's special characters escaped (PostgreSQL's default escape is the backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A pattern that matches `text` anywhere, taken literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
