// better-auth's verification table holds uuid ids here (auth.tables.ts), but the SSO plugin's SAML replay guard
// (decision 090) reserves a used assertion under an id of its own making — a hash, not a uuid — and looks it up by that
// id. Such an id is mapped to a uuid derived from it (SHA-256, as a version-8 uuid): the same id always finds the same
// row, and the table keeps its type. Ids that already are uuids pass unchanged.
import { createHash } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid for a verification id that is not one. */
export function verificationIdOf(id: unknown): unknown {
  if (typeof id !== 'string' || UUID.test(id)) return id;
  const bytes = createHash('sha256').update(`verification:${id}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type TWhere = { field: string; value: unknown }[] | undefined;

/** A query's conditions with a verification id mapped. */
export function mapVerificationWhere(where: TWhere): TWhere {
  return where?.map((w) => (w.field === 'id' ? { ...w, value: verificationIdOf(w.value) } : w));
}
