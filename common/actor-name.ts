// Who did something, as a screen names them: the audit trail stores "First Last <email>" (server/modules/audit),
// which a step on a phone shows as the person's name alone; someone without a name is their address.

/** "Otto Op" of "Otto Op <otto@floor.example>"; the text itself when it has no address part. */
export function personName(actorName: string): string {
  const match = /^(.*\S)\s*<[^<>]+>$/.exec(actorName);
  return match?.[1] ?? actorName;
}
