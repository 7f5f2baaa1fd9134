// A statement that rides in the tenant transaction's first message (begin, the tenant set-up and it, one round trip:
// decision 087). That message is a simple-protocol query, which carries no parameters, so the values are written
// into the text; only uuids are allowed, each checked here, so nothing a request sends can change the statement.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

declare const inline: unique symbol;

/** A statement text whose `$n` values were uuids, written in as literals; made only by `uuidStatement`. */
export interface TInlineStatement {
  readonly text: string;
  readonly [inline]: true;
}

/** A uuid as a quoted literal, or an error: never anything a request could shape into SQL. */
function uuidLiteral(value: string): string {
  if (!UUID.test(value)) throw new Error('An inline statement takes uuids only.');
  return value.toLowerCase();
}

/**
 * `text` with each `$n` replaced by the n-th value as a literal: a uuid as `'…'`, a list of uuids as `'{…,…}'` (cast
 * them in the text, e.g. `$2::uuid[]`). Throws on anything but uuids, and on a `$n` without a value.
 */
export function uuidStatement(
  text: string,
  values: readonly (string | readonly string[])[],
): TInlineStatement {
  const written = text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = values[Number(n) - 1];
    if (value === undefined) throw new Error(`An inline statement has no value for $${n}.`);
    return typeof value === 'string'
      ? `'${uuidLiteral(value)}'`
      : `'{${value.map((v) => uuidLiteral(v)).join(',')}}'`;
  });
  return { text: written } as TInlineStatement;
}
