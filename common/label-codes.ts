// What a printed code says (docs/decisions/027). Every labelled thing gets a random token; the compact form
// "FB" + kind letter + token (e.g. "FBI7K3M9Q2X") is what a 1-D code carries and what a person can type; QR and Data
// Matrix carry a link to the app (APP_URL + "/s/" + compact form), so a phone's own camera app opens the same thing.
// Tokens are Crockford base32 (no I, L, O, U: nothing to misread), upper case, 8 characters: 40 random bits.

export const CODE_KINDS = ['item', 'lot', 'location', 'machine', 'work-order', 'job'] as const;
export type TCodeKind = (typeof CODE_KINDS)[number];

/** One letter per kind in the compact form. */
export const KIND_LETTER: Record<TCodeKind, string> = {
  item: 'I',
  lot: 'L',
  location: 'P',
  machine: 'M',
  'work-order': 'W',
  job: 'J',
};

export const TOKEN_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TOKEN_LENGTH = 8;
const PREFIX = 'FB';
/** The path of a QR link: APP_URL + SCAN_LINK_PATH + compact form. */
export const SCAN_LINK_PATH = '/s/';

const COMPACT = new RegExp(
  `^${PREFIX}([${Object.values(KIND_LETTER).join('')}])([${TOKEN_ALPHABET}]{${TOKEN_LENGTH}})$`,
);

/** A new random token from `randomBytes` (the caller's CSPRNG: node:crypto on the server). */
export function newToken(randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(TOKEN_LENGTH);
  let token = '';
  for (const byte of bytes) token += TOKEN_ALPHABET[byte & 31];
  return token;
}

/** The compact form of a labelled thing: what Code 128 prints and a person types. */
export function compactCode(kind: TCodeKind, token: string): string {
  return `${PREFIX}${KIND_LETTER[kind]}${token}`;
}

/** The link a QR or Data Matrix code carries. */
export function scanLink(appUrl: string, kind: TCodeKind, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}${SCAN_LINK_PATH}${compactCode(kind, token)}`;
}

/**
 * Reads what a scanner or a person gave: the compact form (any case; O read as 0, I and L as 1, as Crockford
 * allows) or a link ending in it. Null when it is neither — the caller may then try it as a part number, a lot or a
 * location code of the user's company.
 */
export function parseCode(scanned: string): { kind: TCodeKind; token: string } | null {
  let text = scanned.trim();
  const slash = text.lastIndexOf(SCAN_LINK_PATH);
  if (/^https?:\/\//i.test(text) && slash >= 0)
    text = text.slice(slash + SCAN_LINK_PATH.length).split(/[?#]/)[0]!;
  text = text.toUpperCase();
  if (!text.startsWith(PREFIX) || text.length !== PREFIX.length + 1 + TOKEN_LENGTH) return null;
  const token = text
    .slice(PREFIX.length + 1)
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  const match = COMPACT.exec(`${text.slice(0, PREFIX.length + 1)}${token}`);
  if (!match) return null;
  const kind = (Object.keys(KIND_LETTER) as TCodeKind[]).find((k) => KIND_LETTER[k] === match[1])!;
  return { kind, token: match[2]! };
}
