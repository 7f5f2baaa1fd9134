// LISTEN on PostgreSQL: a connection of its own (a pooled one would be handed to others), reconnected when it drops.
import pg from 'pg';

/** Stops listening. */
export type TUnlisten = () => Promise<void>;

/** How long to wait before connecting again after the listening connection failed or dropped. */
const RECONNECT_MS = 1000;

/** A channel name that needs no quoting, so it can go into LISTEN as it is. */
export function assertChannelName(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
}

/**
 * Calls `onNotify` with the payload of every NOTIFY on `channel`, from one dedicated connection to `url`. Resolves
 * once the first attempt to listen ended (listening, or retrying in the background). After every (re)connection
 * `onNotify(null)` is called once: notifications sent while no connection listened are lost, so look anyway.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string | null) => void,
): Promise<TUnlisten> {
  assertChannelName(channel);
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    // An error on this connection (the server restarted, a network cut) is followed by 'end', handled there.
    client.on('error', () => undefined);
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch {
      await client.end().catch(() => undefined);
      scheduleReconnect();
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    client.on('end', () => {
      if (current === client) current = null;
      scheduleReconnect();
    });
    onNotify(null);
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
