// The idempotency key of a stock posting, a borrowing and a return, with what it promises written where the API
// documentation (the OpenAPI document, generated from these schemas) reads it. Decision 036.
import { z } from 'zod';

/** What a key promises, as the OpenAPI document says it; `what` is the thing a request makes ("posting"). */
export const idempotencyKeyDescription = (what: string) =>
  `A key the client makes once per intended ${what} (a UUID, say) and sends again on every retry of that request. ` +
  `A key promises at most one ${what}: the same request sent again answers the first ${what} (201, the same id, ` +
  'nothing more posted), also when the copies arrive at once at different servers; the same key with a different ' +
  'request is refused (422 IDEMPOTENCY_KEY_REUSED) and posts nothing. A refusal is not remembered: a request ' +
  'refused by a rule (4xx, such as 409 for too little stock) wrote nothing, so its key stays unused and a retry ' +
  `with it is judged afresh; if that retry succeeds, every later one answers its ${what}.`;

/** A key for one intended `what`, 8 to 100 characters once trimmed. */
export function idempotencyKeySchema(what: string) {
  return z
    .string({ error: 'An idempotency key is required' })
    .trim()
    .min(8, 'The idempotency key must be 8 to 100 characters')
    .max(100, 'The idempotency key must be 8 to 100 characters')
    .meta({ description: idempotencyKeyDescription(what) });
}
